import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWholeStack, type WholeStack } from './support/whole-stack';

let stack: WholeStack;
beforeAll(async () => {
  stack = await startWholeStack();
});
afterAll(async () => stack?.stop());

describe('When the whole stack runs on real ports', () => {
  it('should let a demo account sign in through the gateway and read its own session', async () => {
    const cookie = await stack.signIn('admin@demo.test');
    const response = await fetch(`${stack.url}/api/auth/user`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: 'admin@demo.test' });
  });
});

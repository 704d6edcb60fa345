import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../src/testing';
import { signIn } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let manager: Browser;

beforeAll(async () => {
  stack = await startStack();
  await stack.commands.grantPermission(
    { email: 'manager@demo.test', permissionLevel: 'manager', brandIds: [1] },
    stack.systemActor,
  );
  await stack.projectors.waitForIdle();
  manager = (await signIn(stack.publicUrl, 'manager@demo.test')).browser;
});
afterAll(() => stack.stop());

const grant = (email: string, ifMatch: string) =>
  manager.request(`${stack.publicUrl}/api/permissions`, {
    method: 'POST',
    headers: {
      origin: stack.publicUrl,
      'content-type': 'application/json',
      accept: 'application/json',
      'if-match': ifMatch,
    },
    body: JSON.stringify({ email, permissionLevel: 'user', brandId: 1 }),
  });

describe('When a signed-in manager changes something through the gateway', () => {
  it('should reach command-api with If-Match and pass back the position and version', async () => {
    const created = await grant('user@demo.test', '"0"');
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('x-event-position')).toMatch(/^\d+$/);
    expect(created.response.headers.get('etag')).toBe('"1"');
    expect(JSON.parse(created.body)).toMatchObject({ email: 'user@demo.test', permissionLevel: 'user' });
  });

  it('should let command-api refuse a stale If-Match', async () => {
    const stale = await grant('user@demo.test', '"0"');
    expect(stale.response.status).toBe(409);
    expect(JSON.parse(stale.body)).toEqual({ message: expect.any(String) });
  });

  it('should let command-api refuse a body that is not JSON', async () => {
    const res = await manager.request(`${stack.publicUrl}/api/permissions`, {
      method: 'POST',
      headers: { origin: stack.publicUrl, 'content-type': 'text/plain', accept: 'application/json' },
      body: 'email=x@demo.test',
    });
    expect(res.response.status).toBe(415);
  });
});

describe('When the manager reads right after a change', () => {
  it('should get the read from query-api once the projections have passed the change', async () => {
    const created = await grant('admin2@demo.test', '"0"');
    const position = created.response.headers.get('x-event-position')!;
    const me = await manager.request(`${stack.publicUrl}/api/user/brands`, {
      headers: { accept: 'application/json', 'x-min-position': position },
    });
    expect(me.response.status).toBe(200);
    const { rows } = await stack.db.pool.query('SELECT 1 FROM rm.user_permissions WHERE email = $1', [
      'admin2@demo.test',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('should answer 401 from query-api without a session', async () => {
    const res = await fetch(`${stack.publicUrl}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

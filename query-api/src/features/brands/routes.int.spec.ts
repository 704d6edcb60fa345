import { systemActor } from '@dm/command-api/commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['Aurora', 'Borealis', 'Cirrus']) await t.commands.registerBrand(name, systemActor);
  await t.waitForProjections();
});
afterAll(() => t.close());

describe('GET /api/user/brands', () => {
  it("should list only the caller's brands", async () => {
    const manager = await t.signIn('manager@x.test', 'manager', [1, 3]);
    const res = await t.app.inject({ url: '/api/user/brands', headers: manager });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Aurora' },
      { id: 3, name: 'Cirrus' },
    ]);
  });

  it('should give a super admin every brand', async () => {
    const superAdmin = await t.signIn('super@x.test', 'super_admin', [1]);
    const res = await t.app.inject({ url: '/api/user/brands', headers: superAdmin });
    expect(res.json<unknown[]>()).toHaveLength(3);
  });

  it('should answer 401 { message } when signed out', async () => {
    const res = await t.app.inject({ url: '/api/user/brands' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in. Sign in and try again.' });
  });
});

describe('GET /api/brands', () => {
  it('should list the brand directory to any signed-in user', async () => {
    const user = await t.signIn('user@x.test', 'user', [1]);
    const res = await t.app.inject({ url: '/api/brands', headers: user });
    expect(res.json()).toEqual([
      { id: 1, name: 'Aurora' },
      { id: 2, name: 'Borealis' },
      { id: 3, name: 'Cirrus' },
    ]);
  });
});

describe('Read-your-writes', () => {
  it('should wait for the projections to pass x-min-position before answering', async () => {
    const user = await t.signIn('reader@x.test', 'user', [1]);
    await t.pauseProjections();
    const { position } = await t.commands.registerBrand('Delta', systemActor);
    const read = t.app.inject({ url: '/api/brands', headers: { ...user, 'x-min-position': String(position) } });
    setTimeout(t.resumeProjections, 300);
    const res = await read;
    expect(res.json<{ name: string }[]>().map((b) => b.name)).toContain('Delta');
  });

  it('should ignore a malformed position', async () => {
    const user = await t.signIn('reader2@x.test', 'user', [1]);
    const res = await t.app.inject({ url: '/api/brands', headers: { ...user, 'x-min-position': 'soon' } });
    expect(res.statusCode).toBe(200);
  });
});

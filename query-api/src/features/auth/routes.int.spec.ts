import { systemActor } from '@dm/command-api/commands';
import { deleteSessionsOf } from '@dm/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.commands.registerBrand('Aurora', systemActor);
});
afterAll(() => t.close());

describe.each(['/api/auth/user', '/api/user'])('GET %s', (url) => {
  it('should answer the signed-in person with their level', async () => {
    const admin = await t.signIn(`admin${url.length}@x.test`, 'admin', [1]);
    const res = await t.app.inject({ url, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'First',
      lastName: 'Last',
      profileImageUrl: null,
      permissionLevel: 'admin',
    });
  });

  it('should answer 401 without a session, with a forged cookie, and after the session ends', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { cookie: 'dm_session=forged' } })).statusCode).toBe(401);
    const email = `gone${url.length}@x.test`;
    const person = await t.signIn(email, 'user', [1]);
    await deleteSessionsOf(t.db.pool, email);
    expect((await t.app.inject({ url, headers: person })).statusCode).toBe(401);
  });
});

describe('Security headers', () => {
  it('should send helmet headers on every answer', async () => {
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
  it('should answer unknown endpoints with 404 { message }', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/nothing-here' });
  });
});

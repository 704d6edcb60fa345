import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 4 });
});
afterAll(() => db.drop());

const server = () =>
  createServer({
    name: 'test',
    db: db.pool,
    allowedOrigins: ['http://localhost:3000'],
    secureCookies: false,
    logLevel: 'silent',
  });

describe('Deny by default', () => {
  it('should refuse to start when a route has no policy entry', async () => {
    const app = await server();
    expect(() => app.get('/api/unlisted', async () => ({}))).toThrow(
      'Route GET /api/unlisted has no entry in the policy table',
    );
    await app.close();
  });

  it('should answer 401 { message } to an anonymous call of a signed-in route', async () => {
    const app = await server();
    app.get('/api/brands', async () => []);
    const res = await app.inject({ url: '/api/brands' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in. Sign in and try again.' });
    await app.close();
  });
});

describe('When another of our services calls a service route', () => {
  const token = 'a-service-token-of-at-least-32-characters';
  const call = async (serviceToken: string | undefined, authorization?: string) => {
    const app = await createServer({
      name: 'test',
      db: db.pool,
      allowedOrigins: ['http://localhost:3000'],
      secureCookies: false,
      logLevel: 'silent',
      ...(serviceToken ? { serviceToken } : {}),
    });
    app.post('/internal/sign-ins', async () => ({ ok: true }));
    const res = await app.inject({
      method: 'POST',
      url: '/internal/sign-ins',
      headers: { origin: 'http://localhost:3000', ...(authorization ? { authorization } : {}) },
      payload: {},
    });
    await app.close();
    return res;
  };

  it('should let it in with the service token', async () => {
    const res = await call(token, `Bearer ${token}`);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer a-service-token-of-at-least-32-characterz'],
    ['a token of another scheme', `Basic ${token}`],
  ])('should refuse %s with 401 { message }', async (_case, authorization) => {
    const res = await call(token, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Only our own services may call this.' });
  });

  it('should refuse every call when the server has no service token', async () => {
    expect((await call(undefined, 'Bearer ')).statusCode).toBe(401);
    expect((await call(undefined, 'Bearer undefined')).statusCode).toBe(401);
  });
});

describe('Errors', () => {
  it('should log a 5xx and hide its details', async () => {
    const app = await server();
    app.get('/api/login', async () => {
      throw new Error('secret internals');
    });
    const res = await app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json<{ message: string }>().message).toMatch(/Something went wrong on our side/);
    await app.close();
  });
});

describe('Security headers', () => {
  it('should send them on every answer, refusals included, without HSTS or upgrades over plain HTTP', async () => {
    const app = await server();
    const requests = [
      { url: '/healthz' },
      { url: '/api/nowhere' },
      { method: 'POST' as const, url: '/api/nowhere', payload: {} }, // refused: not from the page's origin
    ];
    for (const request of requests) {
      const res = await app.inject(request);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
  });

  it('should add HSTS and upgrade insecure requests behind HTTPS', async () => {
    const app = await createServer({
      name: 'test',
      db: db.pool,
      allowedOrigins: ['https://dm.example'],
      secureCookies: true,
      logLevel: 'silent',
    });
    const res = await app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await app.close();
  });
});

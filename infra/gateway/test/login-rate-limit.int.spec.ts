import { freePort } from '@dm/postgres';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

let db: TestDatabase;
let gateway: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  gateway = await buildApp({
    db: db.pool,
    publicUrl: 'http://localhost:3000',
    commandApiUrl: 'http://127.0.0.1:9',
    queryApiUrl: 'http://127.0.0.1:9',
    serviceToken: 'unused-service-token-of-32-characters',
    // Nothing listens there: the provider is down.
    oidc: { issuer: `http://127.0.0.1:${await freePort()}`, clientId: 'gateway', clientSecret: 'secret' },
    signInRateLimitPerMinute: 2,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await gateway.close();
  await db.drop();
});

describe('When the identity provider does not answer', () => {
  it('should show a page with a way to try again', async () => {
    const res = await gateway.inject({ url: '/api/login', remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('href="/api/login"');
  });
});

describe('When one address asks to sign in too often', () => {
  it('should refuse further sign-in requests from that address for a while, but not others', async () => {
    const from = (remoteAddress: string) => gateway.inject({ url: '/api/login', remoteAddress });
    await from('10.0.0.2');
    await from('10.0.0.2');
    const third = await from('10.0.0.2');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: expect.any(String) });
    expect((await from('10.0.0.3')).statusCode).toBe(503);
  });
});

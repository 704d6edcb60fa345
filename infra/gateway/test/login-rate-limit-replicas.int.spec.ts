import { freePort } from '@dm/postgres';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

let db: TestDatabase;
let gateways: FastifyInstance[];

beforeAll(async () => {
  db = await createTestDatabase({ max: 4 });
  // Nothing listens there: the provider is down, so a sign-in that passes the limit answers 503.
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const replica = () =>
    buildApp({
      db: db.pool,
      publicUrl: 'http://localhost:3000',
      commandApiUrl: 'http://127.0.0.1:9',
      queryApiUrl: 'http://127.0.0.1:9',
      serviceToken: 'unused-service-token-of-32-characters',
      oidc: { issuer, clientId: 'gateway', clientSecret: 'secret' },
      signInRateLimitPerMinute: 3,
      logLevel: 'silent',
    });
  gateways = [await replica(), await replica()];
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await db.drop();
});

describe('When one address signs in through two gateway replicas', () => {
  it('should count its attempts against one limit, not one per replica', async () => {
    const from = (gateway: FastifyInstance) => gateway.inject({ url: '/api/login', remoteAddress: '10.1.0.1' });
    const [a, b] = gateways as [FastifyInstance, FastifyInstance];
    const answers = [await from(a), await from(b), await from(a), await from(b), await from(a)];
    expect(answers.map((r) => r.statusCode)).toEqual([503, 503, 503, 429, 429]);
    expect(answers[3]!.json()).toEqual({ message: expect.any(String) });
    // The callback counts on its own, and another address is not held back.
    expect((await b.inject({ url: '/api/login', remoteAddress: '10.1.0.2' })).statusCode).toBe(503);
  });

  it('should let many parallel attempts through no more than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => gateways[i % 2]!.inject({ url: '/api/login', remoteAddress: '10.1.0.3' })),
    );
    expect(answers.filter((r) => r.statusCode !== 429)).toHaveLength(3);
  });
});

import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startRecorder } from './support/recorder';

const publicUrl = 'http://localhost:3000';
const unavailable =
  '{"message":"The database is not answering right now (it may be restarting). Try again in a moment."}';
let db: TestDatabase;
let gateway: FastifyInstance;
let service: Awaited<ReturnType<typeof startRecorder>>;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  service = await startRecorder({ status: 503, headers: { 'retry-after': '1' }, body: unavailable });
  gateway = await buildApp({
    db: db.pool,
    publicUrl,
    commandApiUrl: service.url,
    queryApiUrl: service.url,
    serviceToken: 'unused-service-token-of-32-characters',
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await gateway.close();
  await service.close();
  await db.drop();
});

describe('When a service answers 503 (its database is restarting)', () => {
  it('should pass the 503 and its message back at once, asking the service only once', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/brands' },
      {
        method: 'POST' as const,
        url: '/api/permissions',
        headers: { origin: publicUrl, 'content-type': 'application/json' },
        payload: '{}',
      },
    ]) {
      const before = service.seen.length;
      const res = await gateway.inject(request);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toBe(unavailable);
      expect(service.seen.length - before).toBe(1);
    }
  });
});

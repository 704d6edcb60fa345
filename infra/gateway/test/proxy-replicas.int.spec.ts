import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startRecorder } from './support/recorder';

const publicUrl = 'http://localhost:3000';
let db: TestDatabase;
let gateway: FastifyInstance;
let replicas: Awaited<ReturnType<typeof startRecorder>>[];

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  replicas = await Promise.all(
    [0, 1, 2, 3].map(() => startRecorder({ status: 200, headers: {}, body: '{"ok":true}' })),
  );
  const [c1, c2, q1, q2] = replicas.map((r) => r.url) as [string, string, string, string];
  gateway = await buildApp({
    db: db.pool,
    publicUrl,
    commandApiUrl: [c1, c2],
    queryApiUrl: [q1, q2],
    serviceToken: 'unused-service-token-of-32-characters',
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await gateway.close();
  await Promise.all(replicas.map((r) => r.close()));
  await db.drop();
});

const sameOrigin = { origin: publicUrl, 'sec-fetch-site': 'same-origin', cookie: 'dm_session=abc' };

describe('When a service runs as two replicas', () => {
  it("should spread the gateway's requests over both, reads over the query replicas and changes over the command ones", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await gateway.inject({ url: '/api/regions', headers: sameOrigin })).statusCode).toBe(200);
      const change = await gateway.inject({ method: 'POST', url: '/api/regions', headers: sameOrigin, payload: {} });
      expect(change.statusCode).toBe(200);
    }
    const [c1, c2, q1, q2] = replicas.map((r) => r.seen.map((s) => `${s.method} ${s.url}`));
    expect([c1, c2]).toEqual([Array(2).fill('POST /api/regions'), Array(2).fill('POST /api/regions')]);
    expect([q1, q2]).toEqual([Array(2).fill('GET /api/regions'), Array(2).fill('GET /api/regions')]);
  });
});

describe('When one replica of each service is down', () => {
  it('should send every read and every change to the replica that answers, none to the dead one', async () => {
    const alive = await Promise.all([0, 1].map(() => startRecorder({ status: 200, headers: {}, body: '{"ok":true}' })));
    const dead = await Promise.all([0, 1].map(() => startRecorder({ status: 200, headers: {}, body: '{}' })));
    const [deadCommand, deadQuery] = dead.map((r) => r.url) as [string, string];
    await Promise.all(dead.map((r) => r.close()));
    const [command, query] = alive.map((r) => r.url) as [string, string];
    const failover = await buildApp({
      db: db.pool,
      publicUrl,
      commandApiUrl: [deadCommand, command],
      queryApiUrl: [query, deadQuery],
      serviceToken: 'unused-service-token-of-32-characters',
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
      logLevel: 'silent',
    });
    try {
      for (let i = 0; i < 4; i++) {
        expect((await failover.inject({ url: '/api/regions', headers: sameOrigin })).statusCode).toBe(200);
        const change = await failover.inject({ method: 'POST', url: '/api/regions', headers: sameOrigin, payload: {} });
        expect(change.statusCode).toBe(200);
      }
      expect(alive[0]!.seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(4).fill('POST /api/regions'));
      expect(alive[1]!.seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(4).fill('GET /api/regions'));
    } finally {
      await failover.close();
      await Promise.all(alive.map((r) => r.close()));
    }
  });
});

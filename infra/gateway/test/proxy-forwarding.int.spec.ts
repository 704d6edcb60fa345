import { freePort } from '@dm/postgres';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startRecorder } from './support/recorder';

const publicUrl = 'http://localhost:3000';
let db: TestDatabase;
let gateway: FastifyInstance;
let command: Awaited<ReturnType<typeof startRecorder>>;
let query: Awaited<ReturnType<typeof startRecorder>>;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  command = await startRecorder({
    status: 201,
    headers: { 'x-event-position': '42', etag: '"3"' },
    body: '{"ok":"command"}',
  });
  query = await startRecorder({ status: 200, headers: { etag: '"7"' }, body: '{"ok":"query"}' });
  gateway = await buildApp({
    db: db.pool,
    publicUrl,
    commandApiUrl: command.url,
    queryApiUrl: query.url,
    serviceToken: 'unused-service-token-of-32-characters',
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await gateway.close();
  await Promise.all([command.close(), query.close()]);
  await db.drop();
});

const sameOrigin = { origin: publicUrl, 'sec-fetch-site': 'same-origin', cookie: 'dm_session=abc' };

describe('When the browser sends a change', () => {
  it('should pass method, path, query, headers and the exact body bytes to command-api, and its answer back', async () => {
    const body = Buffer.from('{ "email" :"é@demo.test",\n  "permissionLevel":"user" }', 'utf8');
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/permissions?dryRun=1',
      headers: { ...sameOrigin, 'content-type': 'application/json', 'if-match': '"3"', 'idempotency-key': 'k-1' },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-event-position']).toBe('42');
    expect(res.headers.etag).toBe('"3"');
    expect(res.json()).toEqual({ ok: 'command' });
    const seen = command.last()!;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/permissions?dryRun=1' });
    expect(seen.body.equals(body)).toBe(true);
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'if-match': '"3"',
      'idempotency-key': 'k-1',
      cookie: 'dm_session=abc',
      origin: publicUrl,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'localhost:3000',
    });
  });

  it('should refuse a body that is not JSON itself, before any service sees it', async () => {
    const before = command.seen.length;
    const res = await gateway.inject({
      method: 'PATCH',
      url: '/api/stores/1',
      headers: { ...sameOrigin, 'content-type': 'text/plain' },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Send the request body as JSON, with the header Content-Type: application/json.',
    });
    expect(command.seen.length).toBe(before);
  });

  it('should send a bodiless DELETE to command-api', async () => {
    const res = await gateway.inject({ method: 'DELETE', url: '/api/codes/9', headers: sameOrigin });
    expect(res.statusCode).toBe(201);
    expect(command.last()).toMatchObject({ method: 'DELETE', url: '/api/codes/9' });
    expect(command.last()!.body.length).toBe(0);
  });

  it('should refuse a cross-site change before it reaches a service', async () => {
    const before = command.seen.length;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/permissions',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(command.seen.length).toBe(before);
  });

  it('should not let the client choose the forwarded-for address', async () => {
    await gateway.inject({
      method: 'DELETE',
      url: '/api/codes/1',
      headers: { ...sameOrigin, 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '10.0.0.5',
    });
    expect(command.last()!.headers['x-forwarded-for']).toBe('10.0.0.5');
  });
});

describe('When the browser reads', () => {
  it.each(['/api/history?entity=code:%00%ff', '/api/discounts?search=50%', '/api/discounts/%E0%A4%A'])(
    'should answer 400 to the broken escape of %s, never reaching a service',
    async (url) => {
      const before = query.seen.length;
      const res = await gateway.inject({ method: 'GET', url, headers: { cookie: 'dm_session=abc' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/%-escape/);
      expect(query.seen.length).toBe(before);
    },
  );

  it('should pass GETs with x-min-position to query-api', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/discounts?page=2&limit=50',
      headers: { 'x-min-position': '42', cookie: 'dm_session=abc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"7"');
    expect(query.last()).toMatchObject({ method: 'GET', url: '/api/discounts?page=2&limit=50' });
    expect(query.last()!.headers).toMatchObject({ 'x-min-position': '42', cookie: 'dm_session=abc' });
  });

  it('should send the read-only availability check (a POST) to query-api with its body', async () => {
    const payload = '{"codes":["SUMMER10"],"storeIds":["aurora-uk"]}';
    const before = command.seen.length;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/discounts/5/codes/check-availability',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload,
    });
    expect(res.json()).toEqual({ ok: 'query' });
    expect(query.last()).toMatchObject({ method: 'POST', url: '/api/discounts/5/codes/check-availability' });
    expect(query.last()!.body.toString()).toBe(payload);
    expect(command.seen.length).toBe(before);
  });
});

describe('When a service does not answer', () => {
  it('should answer 502 with a message and no internals', async () => {
    const down = await buildApp({
      db: db.pool,
      publicUrl,
      commandApiUrl: `http://127.0.0.1:${await freePort()}`,
      queryApiUrl: `http://127.0.0.1:${await freePort()}`,
      serviceToken: 'unused-service-token-of-32-characters',
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
      logLevel: 'silent',
    });
    const res = await down.inject({ method: 'GET', url: '/api/brands' });
    await down.close();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: expect.stringContaining('not answering') });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});

import http from 'node:http';
import { Readable } from 'node:stream';
import { bodyLimitBytes, fileBodyLimitBytes, fileTooLargeMessage } from '@dm/server-kit';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startRecorder } from './support/recorder';

const publicUrl = 'http://localhost:3000';
let db: TestDatabase;
let gateway: FastifyInstance;
let origin: string;
let command: Awaited<ReturnType<typeof startRecorder>>;
let query: Awaited<ReturnType<typeof startRecorder>>;
let agent: http.Agent;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  command = await startRecorder({ status: 201, headers: {}, body: '{"ok":"command"}' });
  // A service that closes its connection after each answer: the client's connection must not close with it.
  query = await startRecorder({ status: 200, headers: { connection: 'close' }, body: '{"ok":"query"}' });
  gateway = await buildApp({
    db: db.pool,
    publicUrl,
    commandApiUrl: command.url,
    queryApiUrl: query.url,
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
    serviceToken: 'unused-service-token-of-32-characters',
    logLevel: 'silent',
  });
  origin = await gateway.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gateway.close();
  await Promise.all([command.close(), query.close()]);
  await db.drop();
});
// One keep-alive connection per test, as a browser or a client library would hold it.
beforeEach(() => {
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(() => agent.destroy());

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly reusedSocket: boolean;
}

const send = (method: string, path: string, headers: http.OutgoingHttpHeaders, body?: Buffer | Readable) =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${origin}${path}`,
      { method, headers: { origin: publicUrl, ...headers }, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    // The gateway may answer before the body is sent: the client keeps sending, as clients do.
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });

const json = { 'content-type': 'application/json' };
const overLimit = Buffer.alloc(3 * 1024 * 1024, 'a');
const probe = () => send('GET', '/api/brands', {});

describe('When a client sends a body over the limit', () => {
  it('should answer 413 itself, proxy nothing, and answer the next request on the same connection', async () => {
    const before = command.seen.length;
    const refused = await send('POST', '/api/permissions', { ...json, 'content-length': overLimit.length }, overLimit);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.stringContaining('larger than 1 MB') });
    expect(command.seen.length).toBe(before);
    const next = await probe();
    expect(next).toMatchObject({ status: 200, reusedSocket: true });
  });

  it('should do the same for a chunked body that announces no length', async () => {
    const before = command.seen.length;
    const chunks = Readable.from(Array.from({ length: 48 }, () => Buffer.alloc(64 * 1024, 'b')));
    const refused = await send('PATCH', '/api/stores/1', { ...json, 'transfer-encoding': 'chunked' }, chunks);
    expect(refused.status).toBe(413);
    expect(command.seen.length).toBe(before);
    expect(await probe()).toMatchObject({ status: 200, reusedSocket: true });
  });

  it('should pass a body of exactly the limit on whole', async () => {
    const atLimit = Buffer.alloc(bodyLimitBytes, ' ');
    const res = await send('POST', '/api/permissions', json, atLimit);
    expect(res.status).toBe(201);
    expect(command.last()!.body.equals(atLimit)).toBe(true);
  });
});

describe('When a CSV import sends its file', () => {
  const importPath = '/api/discounts/00000000-0000-4000-8000-000000000001/codes/import';

  it('should pass a body over the usual limit on whole, up to the file limit', async () => {
    const file = Buffer.alloc(fileBodyLimitBytes, ' ');
    const res = await send('POST', importPath, json, file);
    expect(res.status).toBe(201);
    expect(command.last()!.body.length).toBe(fileBodyLimitBytes);
  });

  it('should answer 413 in words about the file past the file limit', async () => {
    const before = command.seen.length;
    const tooLarge = Buffer.alloc(fileBodyLimitBytes + 1, ' ');
    const refused = await send('POST', importPath, { ...json, 'content-length': tooLarge.length }, tooLarge);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ message: fileTooLargeMessage });
    expect(command.seen.length).toBe(before);
  });
});

describe('When a service closes its own connection after answering', () => {
  it('should keep the client connection open', async () => {
    const first = await probe();
    const second = await probe();
    expect(first.headers.connection).not.toBe('close');
    expect(second).toMatchObject({ status: 200, reusedSocket: true });
  });
});

describe('When a client sends what no service takes', () => {
  it('should answer 415 to a body without a JSON content type, and keep the connection', async () => {
    const before = command.seen.length;
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      {},
    ]) {
      const res = await send('POST', '/api/regions', headers, Buffer.from('code=EU'));
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toEqual({ message: expect.stringContaining('as JSON') });
    }
    expect(command.seen.length).toBe(before);
    expect(await probe()).toMatchObject({ status: 200, reusedSocket: true });
  });

  it('should answer 400 to a NUL byte in the address, before any service', async () => {
    const before = command.seen.length;
    const res = await send('PUT', '/api/permissions/a%00b', json, Buffer.from('{"permissionLevel":"user"}'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: expect.stringContaining('cannot be stored') });
    expect(command.seen.length).toBe(before);
  });

  it('should frame the upstream request itself, whatever hop-by-hop headers the client sent', async () => {
    const body = Buffer.from('{"permissionLevel":"user"}');
    const res = await send(
      'PUT',
      '/api/permissions/u-1',
      { ...json, expect: '100-continue', upgrade: 'websocket', te: 'trailers' },
      body,
    );
    expect(res.status).toBe(201);
    expect(command.last()!.body.equals(body)).toBe(true);
    expect(command.last()!.headers).not.toHaveProperty('upgrade');
  });

  it('should drop a GET body instead of announcing it upstream', async () => {
    const res = await send('GET', '/api/brands', { ...json, 'content-length': 11 }, Buffer.from('{"a":"bcd"}'));
    expect(res.status).toBe(200);
    expect(query.last()!.headers).not.toHaveProperty('content-length');
  });
});

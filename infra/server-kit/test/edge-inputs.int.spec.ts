import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type App } from '../src';

let db: TestDatabase;
let app: App;
let port: number;
let reachedDatabase = 0;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  app = await createServer({
    name: 'test',
    db: db.pool,
    allowedOrigins: ['http://localhost:3000'],
    secureCookies: false,
    logLevel: 'silent',
  });
  // A public route (policy table) that stores what it is given, as any route that writes would.
  app.get('/api/login', async (request) => {
    reachedDatabase++;
    await db.pool.query('SELECT $1::text', [
      Object.entries(request.query as Record<string, string>)
        .flat()
        .join('='),
    ]);
    return { ok: true };
  });
  app.delete('/api/permissions/:userId', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('When an input holds text PostgreSQL cannot store', () => {
  it('should answer 400 { message } naming where, before the route runs', async () => {
    const before = reachedDatabase;
    for (const query of ['returnTo=%00', 'a%00b=1']) {
      const res = await app.inject({ url: `/api/login?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: expect.stringMatching(/^The query parameter ".+" contains a character that cannot be stored/),
      });
    }
    expect(reachedDatabase).toBe(before);
    expect((await app.inject({ url: '/api/login?returnTo=%2Fok' })).statusCode).toBe(200);
  });
});

describe('When the router cannot read the address', () => {
  it.each([
    ['a broken %-escape', '/api/permissions/%E0%A4%A', 400],
    ['a lone surrogate spelt in UTF-8', '/api/permissions/%ED%A0%80', 400],
    ['a parameter over the router limit', `/api/permissions/${'u'.repeat(101)}`, 414],
  ])('should answer %s with { message } only', async (_name, url, status) => {
    const res = await app.inject({ method: 'DELETE', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.stringMatching(/address/) });
  });
});

describe('When a query holds an escape that spells no text', () => {
  it.each(['/api/login?q=%ff', '/api/login?50%', '/api/login?q=%E0%A4%A'])(
    'should answer %s with 400 { message }, as the router answers such a path',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/%-escape/) });
    },
  );
});

/** Sends raw bytes and reads until the server closes the connection. */
const exchange = (bytes: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });

describe('When a request is not valid HTTP', () => {
  it.each([
    ['a NUL in a header value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n', 400],
    [
      'a length and chunked framing at once',
      'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    ['a broken chunk size', 'POST /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
    ['headers over 16 KB', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('should answer %s with { message } and Connection: close', async (_name, bytes, status) => {
    const answer = await exchange(bytes);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(body)).toEqual({ message: expect.any(String) });
  });
});

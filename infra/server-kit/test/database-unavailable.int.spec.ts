import { freePort } from '@dm/postgres';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, isDatabaseUnavailable } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
});
afterAll(() => db.drop());

/** The error a first query on a fresh client with these settings rejects with. */
const errorOf = async (config: pg.ClientConfig, sql = 'SELECT 1') => {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(sql);
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('expected the query to fail');
};

describe('When deciding whether an error means the database is unavailable', () => {
  it('should say yes for a refused connection, a missing socket, and a connection the server ended', async () => {
    const refused = await errorOf({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x' });
    const noSocket = await errorOf({ host: '/tmp/dm-no-such-dir', port: 5432, user: 'x', database: 'x' });
    const terminated = await errorOf({ connectionString: db.url }, 'SELECT pg_terminate_backend(pg_backend_pid())');
    expect([refused, noSocket, terminated].map(isDatabaseUnavailable)).toEqual([true, true, true]);
  });

  it('should say no for a query that is wrong, a constraint, and an ordinary bug', async () => {
    const syntax = await errorOf({ connectionString: db.url }, 'SELEC 1');
    const division = await errorOf({ connectionString: db.url }, 'SELECT 1 / 0');
    expect([syntax, division, new Error('undefined is not a function'), 'text'].map(isDatabaseUnavailable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('When a request finds the database unavailable', () => {
  it('should answer 503 with a message to retry, and no internals', async () => {
    const down = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x', max: 1 });
    const app = await createServer({
      name: 'test',
      db: down,
      allowedOrigins: [],
      secureCookies: false,
      logLevel: 'silent',
    });
    app.get('/api/login', async () => {
      await app.db.query('SELECT 1');
      return { ok: true };
    });
    const res = await app.inject({ url: '/api/login' });
    await app.close();
    await down.end();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: expect.stringMatching(/database is not answering.*Try again/) });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});

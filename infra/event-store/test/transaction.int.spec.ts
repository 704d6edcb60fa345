import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  await db.pool.query('CREATE TABLE tx_test (n int)');
});
afterAll(() => db.drop());

const rows = async () => (await db.pool.query<{ n: number }>('SELECT n FROM tx_test ORDER BY n')).rows.map((r) => r.n);

describe('When work runs in a transaction', () => {
  it('should keep what it wrote when it succeeds and nothing when it throws', async () => {
    await inTransaction(db.pool, (client) => client.query('INSERT INTO tx_test VALUES (1)'));
    await expect(
      inTransaction(db.pool, async (client) => {
        await client.query('INSERT INTO tx_test VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await rows()).toEqual([1]);
  });
});

describe('When the connection dies in the middle of a transaction', () => {
  it('should reject, keep the process alive and leave the pool working', async () => {
    // Without a listener the dead client's 'error' event would end the process (vitest reports it as unhandled).
    const killed = inTransaction(db.pool, async (client) => {
      await client.query('INSERT INTO tx_test VALUES (3)');
      await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
    });
    await expect(killed).rejects.toThrow(/terminat/);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the socket's close reaches the client
    await inTransaction(db.pool, (client) => client.query('INSERT INTO tx_test VALUES (4)'));
    expect(await rows()).toEqual([1, 4]);
  });
});

import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundConnectionTimeoutMs, connectionTimeoutMs, createDatabasePool } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 1 });
});
afterAll(() => db.drop());

/** A query on a pool of one connection while that connection is held for `heldMs`. */
const queryBehindHeldConnection = async (heldMs: number, options: { connectionTimeoutMs?: number } = {}) => {
  const pool = createDatabasePool(db.url, { max: 1, ...options });
  try {
    const held = await pool.connect();
    const release = new Promise<void>((resolve) =>
      setTimeout(() => {
        held.release();
        resolve();
      }, heldMs),
    );
    const answer = pool.query<{ one: number }>('SELECT 1 AS one').then(
      (result) => result.rows[0]!.one,
      (error: unknown) => error,
    );
    await release;
    return await answer;
  } finally {
    await pool.end();
  }
};

describe('When every connection of a pool is in use', () => {
  it('should refuse a service’s query after its short wait, so a person gets a 503 rather than a hang', async () => {
    const answer = await queryBehindHeldConnection(connectionTimeoutMs + 500);
    expect(answer).toBeInstanceOf(Error);
    expect((answer as Error).message).toMatch(/timeout/);
  });

  it('should let a background role’s query wait its turn past that (decision 1556)', async () => {
    expect(backgroundConnectionTimeoutMs).toBeGreaterThan(connectionTimeoutMs + 500);
    const answer = await queryBehindHeldConnection(connectionTimeoutMs + 500, {
      connectionTimeoutMs: backgroundConnectionTimeoutMs,
    });
    expect(answer).toBe(1);
  });
});

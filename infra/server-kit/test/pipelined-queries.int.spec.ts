import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedQueriesBeside, type PipelinedQueries } from '../src/pipelined-queries';

let db: TestDatabase;
let pipelined: PipelinedQueries;
beforeAll(async () => {
  db = await createTestDatabase();
  pipelined = pipelinedQueriesBeside(db.pool, 2);
});
afterAll(async () => {
  await pipelined.end();
  await db.drop();
});

const square = (n: number) =>
  pipelined.query<{ n: number }>({ name: 'square', text: 'SELECT $1::int * $1::int AS n', values: [n] });

describe('When many requests read at once over two pipelined connections', () => {
  it('should give each read its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => square(i)));
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 500 }, (_, i) => i * i));
  });

  it('should fail only the read that fails, not the ones queued beside it', async () => {
    const results = await Promise.allSettled([square(2), pipelined.query({ text: 'SELECT 1 / 0' }), square(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('When the database ends a pipelined connection', () => {
  it('should open a new one for the next reads', async () => {
    await Promise.all([square(1), square(1)]); // both connections open
    const { rows } = await db.pool.query<{ killed: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT $1::int%'`,
    );
    expect(rows[0]!.killed).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the clients see their sockets close
    const answers = await Promise.all([square(4), square(5), square(6)]);
    expect(answers.map((a) => a.rows[0]!.n)).toEqual([16, 25, 36]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundClient, backgroundNice } from './background-priority';
import { gramsOffThread } from './grams-off-thread';
import { searchGramsOfTable } from './search-index';

/** The nice value of a process or thread, from its `stat` (field 19; the name in parentheses may hold spaces). */
const niceOf = (path: string) => Number(readFileSync(`${path}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
const backendNice = async (client: pg.PoolClient) => {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return { pid: rows[0]!.pid, nice: niceOf(`/proc/${rows[0]!.pid}`) };
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe("When a big sync's work runs in the background (decision 1455)", () => {
  it('should renice its PostgreSQL backend, and never hand that connection to anyone else', async () => {
    const { client, release } = await backgroundClient(db.pool, true);
    const lowered = await backendNice(client);
    expect(lowered.nice).toBe(backgroundNice);
    release();
    const next = await db.pool.connect();
    try {
      const other = await backendNice(next);
      expect(other.pid).not.toBe(lowered.pid);
      expect(other.nice).toBe(0);
    } finally {
      next.release();
    }
  });

  it("should leave a small sync's backend at its priority and in the pool", async () => {
    const { client, release } = await backgroundClient(db.pool, false);
    const seen = await backendNice(client);
    release();
    expect(seen.nice).toBe(0);
    const again = await db.pool.connect();
    const { rows } = await again.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    again.release();
    expect(rows[0]!.pid).toBe(seen.pid);
  });

  it("should count a big sync's grams in a reniced thread, leaving the event loop's thread as it was", async () => {
    // A thread may end between listing and reading: it is then not counted.
    const threadsAt = (nice: number) =>
      readdirSync('/proc/self/task').filter((task) => {
        try {
          return niceOf(`/proc/self/task/${task}`) === nice;
        } catch {
          return false;
        }
      });
    const loopNice = niceOf(`/proc/self/task/${process.pid}`);
    const before = threadsAt(backgroundNice).length;
    let loweredThreads = 0;
    async function* copyText(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('gid://shopify/DiscountCodeNode/1\tTEN-1\n');
      // The worker is started and fed: wait until its thread has lowered its priority.
      while ((loweredThreads = threadsAt(backgroundNice).length) === before)
        await new Promise((resolve) => setTimeout(resolve, 10));
      yield Buffer.from('gid://shopify/DiscountCodeNode/1\tTEN-2\n');
    }
    const { codeCounts } = await gramsOffThread(copyText(), 5, { background: true });
    expect(codeCounts).toEqual(new Map([['gid://shopify/DiscountCodeNode/1', 2]]));
    expect(loweredThreads).toBeGreaterThan(before); // the worker, and the loader thread it starts
    expect(niceOf(`/proc/self/task/${process.pid}`)).toBe(loopNice);
  });

  it("should count a small sync's few codes on the loop exactly as a big sync's worker counts them", async () => {
    await db.pool.query('CREATE TABLE rm.few_codes (LIKE rm.synced_codes INCLUDING DEFAULTS)');
    await db.pool.query(
      `INSERT INTO rm.few_codes (store_id, discount_id, code_id, code, code_folded)
       SELECT 7, 'gid://shopify/DiscountCodeNode/' || (i % 3), 'gid://shopify/DiscountRedeemCode/' || i,
              'Sä' || to_hex(i * 7919) || E'\\t' || chr(65 + i % 26), ''
       FROM generate_series(1, 3000) AS i`,
    );
    const onLoop = await searchGramsOfTable(db.pool, 'rm.few_codes', 40, false);
    const inWorker = await searchGramsOfTable(db.pool, 'rm.few_codes', 40, true);
    expect(onLoop.grams?.rows.length).toBeGreaterThan(100);
    expect(onLoop).toEqual(inWorker);
    expect([...onLoop.codeCounts.values()]).toEqual([1000, 1000, 1000]);
  });
});

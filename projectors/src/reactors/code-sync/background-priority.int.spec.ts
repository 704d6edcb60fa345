import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundClient, backgroundNice } from './background-priority';
import { gramsOffThread } from './grams-off-thread';
import { loadExport } from './load-export';
import { searchGramsOfTable } from './search-index';
import { createFreshTable, freshTableOf } from './tables';

/** The nice value of a process or thread, from its `stat` (field 19; the name in parentheses may hold spaces). */
const niceOf = (path: string) => Number(readFileSync(`${path}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
/** The parent of a process (field 4 of its `stat`): a backend's is the postmaster. */
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
/** A backend's nice value, and the server's own (its postmaster's): a niced test run starts the server niced. */
const backendNice = async (client: pg.PoolClient) => {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  return { pid, nice: niceOf(`/proc/${pid}`), server: niceOf(`/proc/${parentOf(pid)}`) };
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
    expect(lowered.nice).toBe(Math.max(backgroundNice, lowered.server));
    release();
    const next = await db.pool.connect();
    try {
      const other = await backendNice(next);
      expect(other.pid).not.toBe(lowered.pid);
      expect(other.nice).toBe(other.server);
    } finally {
      next.release();
    }
  });

  it("should leave a small sync's backend at its priority and in the pool", async () => {
    const { client, release } = await backgroundClient(db.pool, false);
    const seen = await backendNice(client);
    release();
    expect(seen.nice).toBe(seen.server);
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
    if (loopNice >= backgroundNice) {
      // A run niced past the background's priority: the worker keeps the process's priority, never raises it.
      const raised = () =>
        readdirSync('/proc/self/task').filter((task) => threadsAt(loopNice).includes(task) === false);
      async function* twoCodes(): AsyncGenerator<Uint8Array> {
        yield Buffer.from('gid://shopify/DiscountCodeNode/1\tTEN-1\ngid://shopify/DiscountCodeNode/1\tTEN-2\n');
      }
      const { codeCounts } = await gramsOffThread(twoCodes(), 5, { background: true });
      expect(codeCounts).toEqual(new Map([['gid://shopify/DiscountCodeNode/1', 2]]));
      expect(raised()).toEqual([]);
      return;
    }
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

describe("When a sync copies its export's batches (decision 1494)", () => {
  const exportLines = [
    JSON.stringify({
      id: 'gid://shopify/DiscountCodeNode/1',
      discount: { __typename: 'DiscountCodeBasic', title: 'P' },
    }),
    ...Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        id: `gid://shopify/DiscountRedeemCode/${i}`,
        code: `NICE${i}`,
        asyncUsageCount: 0,
        __parentId: 'gid://shopify/DiscountCodeNode/1',
      }),
    ),
  ].join('\n');

  /** The backend (pid, nice) that committed each batch, for a load of 31 lines in batches of 10. */
  const copiedBy = async (storeId: number, background: boolean) => {
    const server = createServer((_request, response) => response.end(`${exportLines}\n`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const table = freshTableOf(storeId, `5e1f0c2a-0000-4000-8000-00000000001${storeId}`);
    await createFreshTable(db.pool, table, storeId);
    const seen: Awaited<ReturnType<typeof backendNice>>[] = [];
    try {
      await loadExport(
        {
          pool: db.pool,
          storeId,
          storeSlug: 'nice',
          table,
          batchLines: 10,
          background,
          signal: new AbortController().signal,
        },
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.jsonl`,
        31,
        { linesDone: 0, codesLoaded: 0 },
        async (client) => void seen.push(await backendNice(client)),
        async () => undefined,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    return seen;
  };

  it("should copy a big sync's batches through one reniced backend, never pooled again", async () => {
    const seen = await copiedBy(3, true);
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((b) => b.pid)).size).toBe(1);
    for (const batch of seen) expect(batch.nice).toBe(Math.max(backgroundNice, batch.server));
    const { rows } = await db.pool.query<{ alive: number }>(
      'SELECT count(*)::int AS alive FROM pg_stat_activity WHERE pid = $1',
      [seen[0]!.pid],
    );
    expect(rows[0]!.alive).toBe(0);
  });

  it("should copy a small sync's batches at the server's own priority", async () => {
    const seen = await copiedBy(4, false);
    expect(seen).toHaveLength(4);
    for (const batch of seen) expect(batch.nice).toBe(batch.server);
  });
});

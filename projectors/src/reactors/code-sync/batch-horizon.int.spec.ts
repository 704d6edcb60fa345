import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPostgresEventStore, logStart } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExport } from './load-export';
import { createFreshTable, freshTableOf } from './tables';

let db: TestDatabase;
let server: Server;
let url: string;
let release = () => undefined as void;
let reachedPause = () => undefined as void;
const paused = new Promise<void>((resolve) => (reachedPause = resolve));
const gate = new Promise<void>((resolve) => (release = resolve));

const discountLine = JSON.stringify({
  id: 'gid://shopify/DiscountCodeNode/1',
  discount: { __typename: 'DiscountCodeBasic', title: 'Probe', startsAt: null, endsAt: null },
});
const codeLines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) =>
    JSON.stringify({
      id: `gid://shopify/DiscountRedeemCode/${from + i}`,
      code: `HORIZON${from + i}`,
      asyncUsageCount: 0,
      __parentId: 'gid://shopify/DiscountCodeNode/1',
    }),
  ).join('\n');
const batchLines = 3000;
const lines = 8001;

beforeAll(async () => {
  db = await createTestDatabase();
  // An export that stops for a while in the middle of its second batch, as a slow download does.
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/jsonl' });
    response.write(`${discountLine}\n${codeLines(1, 5500)}\n`);
    reachedPause();
    void gate.then(() => response.end(`${codeLines(5500, lines)}\n`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.jsonl`;
}, 60_000);
afterAll(async () => {
  release();
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

describe('When the export of a full sync stalls in the middle of a batch (decision 1486)', () => {
  it('should hold no transaction meanwhile, so every reader of the log sees an event appended during the stall', async () => {
    const table = freshTableOf(9, '5e1f0c2a-0000-4000-8000-000000000009');
    await createFreshTable(db.pool, table, 9);
    const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
    const committed: number[] = [];
    const loading = loadExport(
      {
        pool: db.pool,
        storeId: 9,
        storeSlug: 'probe',
        table,
        batchLines,
        background: false,
        signal: new AbortController().signal,
      },
      url,
      lines,
      { linesDone: 0, codesLoaded: 0 },
      async () => undefined,
      async (progress) => void committed.push(progress.linesDone),
    );
    await paused;
    // The first batch is in; the second one's first 2,500 lines (over 300 KB, past the point where a COPY writes
    // its first rows) arrived and wait for the rest of the download.
    while (!committed.includes(batchLines)) await new Promise((resolve) => setTimeout(resolve, 10));

    await eventStore.append('horizon-probe', [{ type: 'ProbeAppended', data: {} }], { expected: 'no_stream' });
    while (!(await eventStore.readAll(logStart, 1000)).some((event) => event.streamId === 'horizon-probe'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(committed).toEqual([batchLines]);
    // Its writer is registered as a connection that runs declared transactions while the load holds it (1559)…
    expect((await db.pool.query('SELECT 1 FROM es.no_append_backends')).rowCount).toBe(1);

    release();
    const { progress } = await loading;
    expect(progress).toEqual({ linesDone: lines, codesLoaded: lines - 1 });
    expect(committed).toEqual([3000, 6000, 8001]);
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(rows[0]!.n).toBe(lines - 1);
    // …and no longer once the load gave it back, so readers skip the lock table again.
    expect((await db.pool.query('SELECT 1 FROM es.no_append_backends')).rowCount).toBe(0);
    await eventStore.close();
  });
});

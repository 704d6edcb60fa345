import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { codeSyncStream } from '@dm/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSyncWorld, type SyncWorld } from '../../../test/code-sync/sync-world';

const batchLines = 2000;
let world: SyncWorld;
let child: ChildProcess | null = null;
beforeAll(async () => {
  world = await buildSyncWorld({ codesPerShop: 30_000, inProcess: false });
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await world.close();
});

/** The projectors as a real process of their own, started as `main.ts` starts them. */
const startProcess = async (): Promise<ChildProcess> => {
  const config = {
    databaseUrl: world.db.url,
    emulatorUrl: world.emulator.url,
    tokens: world.emulator.tokens,
    batchLines,
    gramThreshold: 5000,
  };
  const started = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../../../test/code-sync/sync-process.ts'),
      JSON.stringify(config),
    ],
    { cwd: path.join(import.meta.dirname, '..', '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: started.stdout }), 'line')) as [string];
  expect(line).toBe('started');
  return started;
};

const load = async (syncId: string) =>
  (
    await world.db.pool.query<{ lines_done: number; codes_loaded: number; table_name: string }>(
      'SELECT lines_done, codes_loaded, table_name FROM rm.code_sync_loads WHERE sync_id = $1',
      [syncId],
    )
  ).rows[0];

it('should resume from its checkpoint after a SIGKILL mid-sync, redo at most one batch, and converge', async () => {
  child = await startProcess();
  const syncId = await world.request('aurora-uk', 'full');
  while (((await load(syncId))?.lines_done ?? 0) < 3 * batchLines)
    await new Promise((resolve) => setTimeout(resolve, 5));
  child.kill('SIGKILL');
  await once(child, 'exit');
  expect(child.signalCode).toBe('SIGKILL');

  // What the killed process left: its committed batches and their checkpoint, nothing of the batch in flight.
  const left = (await load(syncId))!;
  expect(left.lines_done).toBeGreaterThanOrEqual(3 * batchLines);
  const { rows } = await world.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${left.table_name}`);
  expect(rows[0]!.n).toBe(left.codes_loaded);
  const eventsBefore = (await world.eventStore.readStream(codeSyncStream(1))).length;
  expect((await world.eventStore.readStream(codeSyncStream(1))).some((e) => e.type === 'CodeSyncCompleted')).toBe(
    false,
  );

  child = await startProcess();
  const outcome = await world.outcomeOf('aurora-uk', syncId, 90_000);
  expect(outcome.type).toBe('CodeSyncCompleted');
  const synced = await world.syncedCodes('aurora-uk');
  const expected = world.shopCodes('aurora-uk');
  expect(synced.length).toBe(expected.length);
  expect(world.checksum(synced)).toBe(world.checksum(expected));
  // The search grams were counted over the whole table, the batches of both processes.
  const { rows: grams } = await world.db.pool.query<{ counted: number; scanned: number }>(
    `SELECT (SELECT sum(code_count)::int FROM rm.synced_code_grams WHERE store_id = 1 AND gram = 'a') AS counted,
            (SELECT count(*)::int FROM rm.synced_codes WHERE store_id = 1 AND code ILIKE '%a%') AS scanned`,
  );
  expect(grams[0]!.counted).toBe(grams[0]!.scanned);

  // The restarted process went on from the checkpoint: its first batch is the one after it, none before was redone.
  const after = (await world.eventStore.readStream(codeSyncStream(1))).slice(eventsBefore);
  const progressed = after
    .filter((e) => e.type === 'CodeSyncProgressed')
    .map((e) => (e.data as { linesDone: number }).linesDone);
  expect(progressed.length).toBeGreaterThan(0);
  expect(Math.min(...progressed)).toBeGreaterThanOrEqual(left.lines_done);
  expect(progressed.filter((done) => done > left.lines_done)[0]).toBeLessThanOrEqual(left.lines_done + batchLines);
  expect(after.filter((e) => e.type === 'CodeSyncStarted')).toEqual([]);
}, 180_000);

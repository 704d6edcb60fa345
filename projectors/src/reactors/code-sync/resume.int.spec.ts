import { codeSyncStream } from '@dm/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSyncWorld, type SyncWorld } from '../../../test/code-sync/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await buildSyncWorld({ codesPerShop: 40_000, batchLines: 2000 });
}, 60_000);
afterAll(async () => world.close());

const linesDone = async (syncId: string) =>
  (
    await world.db.pool.query<{ lines_done: number }>('SELECT lines_done FROM rm.code_sync_loads WHERE sync_id = $1', [
      syncId,
    ])
  ).rows[0]?.lines_done ?? 0;

it('should resume a sync stopped mid-way from its last batch and converge to the exact set', async () => {
  const syncId = await world.request('aurora-uk', 'full');
  while ((await linesDone(syncId)) < 4000) await new Promise((resolve) => setTimeout(resolve, 5));
  await world.stopProjectors();
  const checkpoint = await linesDone(syncId);
  const eventsBefore = (await world.eventStore.readStream(codeSyncStream(1))).length;
  expect(checkpoint).toBeGreaterThan(0);

  world.startProjectors();
  const outcome = await world.outcomeOf('aurora-uk', syncId);
  expect(outcome.type).toBe('CodeSyncCompleted');
  const synced = await world.syncedCodes('aurora-uk');
  const expected = world.shopCodes('aurora-uk');
  expect(synced.length).toBe(expected.length);
  expect(world.checksum(synced)).toBe(world.checksum(expected));

  // After the restart the load went on from the checkpoint: no batch before it was loaded again.
  const after = (await world.eventStore.readStream(codeSyncStream(1))).slice(eventsBefore);
  const progressed = after
    .filter((e) => e.type === 'CodeSyncProgressed')
    .map((e) => (e.data as { linesDone: number }).linesDone);
  expect(progressed.length).toBeGreaterThan(0);
  expect(Math.min(...progressed)).toBeGreaterThanOrEqual(checkpoint);
  expect(after.filter((e) => e.type === 'CodeSyncStarted')).toEqual([]);
}, 120_000);

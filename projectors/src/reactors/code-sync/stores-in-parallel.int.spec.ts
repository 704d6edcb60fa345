import { codeSyncStream } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSyncWorld, type SyncWorld } from '../../../test/code-sync/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await buildSyncWorld({ codesPerShop: 200 });
}, 60_000);
afterAll(async () => world.close());

/** Waits until the store's stream holds an event of `type` for the sync (the reactor has got that far). */
const reached = async (slug: string, syncId: string, type: string) => {
  for (;;) {
    const events = await world.eventStore.readStream(codeSyncStream(world.storeIds[slug]!));
    if (events.some((e) => e.type === type && (e.data as { syncId: string }).syncId === syncId)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("When one store's sync is still running on Shopify", () => {
  it("should sync another store meanwhile, and the held store's syncs still one after the other", async () => {
    const { scheduler } = world.emulator;
    // aurora-uk's bulk export is accepted by Shopify but held back: its sync stays in progress until we resume.
    scheduler.pause('aurora-uk');
    const big = await world.request('aurora-uk', 'full');
    await reached('aurora-uk', big, 'CodeSyncStarted');
    while (scheduler.heldCount('aurora-uk') === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const bigAgain = await world.request('aurora-uk', 'incremental', new Date(0).toISOString());

    const small = await world.request('borealis-uk', 'full');
    const outcome = await world.outcomeOf('borealis-uk', small, 30_000);
    expect(outcome.type).toBe('CodeSyncCompleted');
    expect(await world.syncedCodes('borealis-uk')).toHaveLength(world.shopCodes('borealis-uk').length);

    // The held store's second sync waits for its first: it has not even started.
    const aurora = await world.eventStore.readStream(codeSyncStream(world.storeIds['aurora-uk']!));
    const startedSyncs = aurora
      .filter((e) => e.type === 'CodeSyncStarted')
      .map((e) => (e.data as { syncId: string }).syncId);
    expect(startedSyncs).toEqual([big]);
    expect(aurora.some((e) => e.type === 'CodeSyncCompleted')).toBe(false);

    scheduler.resume('aurora-uk');
    expect((await world.outcomeOf('aurora-uk', big)).type).toBe('CodeSyncCompleted');
    expect((await world.outcomeOf('aurora-uk', bigAgain)).type).toBe('CodeSyncCompleted');
    const completed = (await world.eventStore.readStream(codeSyncStream(world.storeIds['aurora-uk']!)))
      .filter((e) => e.type === 'CodeSyncCompleted')
      .map((e) => (e.data as { syncId: string }).syncId);
    expect(completed).toEqual([big, bigAgain]);
  });
});

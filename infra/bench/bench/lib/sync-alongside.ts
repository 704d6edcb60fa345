import type { EventStore } from '@dm/event-store';
import { codeSyncStream } from '@dm/events';
import { median } from '../../src/index';

export interface SyncDriver {
  /** Asks for a full sync of the store; answers its sync id. */
  readonly trigger: (storeId: number) => Promise<string>;
  /** Resolves once the sync is idle (completed); throws when it failed. */
  readonly finished: (storeId: number, syncId: string) => Promise<void>;
}

const timed = async (driver: SyncDriver, storeId: number) => {
  const started = performance.now();
  await driver.finished(storeId, await driver.trigger(storeId));
  return (performance.now() - started) / 1000;
};

/**
 * Issue 22 §9: the small store's full sync alone (median of `rounds`), then the same while the big store's full
 * sync is copying its codes (median of the rounds that finished before the big one did).
 */
export const measureSyncAlongside = async (
  driver: SyncDriver,
  eventStore: EventStore,
  stores: { readonly small: number; readonly big: number },
  rounds = 3,
) => {
  const alone: number[] = [];
  for (let i = 0; i < rounds; i++) alone.push(await timed(driver, stores.small));

  const bigSync = await driver.trigger(stores.big);
  // From the first progress on, the big store's export is being downloaded, parsed and copied.
  for (;;) {
    const events = await eventStore.readStream(codeSyncStream(stores.big));
    if (events.some((e) => e.type === 'CodeSyncProgressed' && (e.data as { syncId: string }).syncId === bigSync)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let bigDone = false;
  const big = driver.finished(stores.big, bigSync).then(() => {
    bigDone = true;
  });
  const alongside: number[] = [];
  for (let i = 0; i < rounds && !bigDone; i++) {
    const seconds = await timed(driver, stores.small);
    if (!bigDone) alongside.push(seconds);
  }
  await big;
  return {
    alone: median(alone),
    alongside: alongside.length > 0 ? median(alongside) : null,
    roundsAlongside: alongside.length,
  };
};

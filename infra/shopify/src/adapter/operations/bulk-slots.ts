import type { StoreClient } from '../call';

/** Bulk mutations Shopify runs at once per app and shop (2026-01 and later): more are refused, not queued. */
export const slotsPerStore = 5;

/**
 * Per store: free slots, callers waiting for one, and the slots held by runs submitted and not yet seen finished, by
 * bulk operation id. Held is per store because ids are only unique within a store (the emulator numbers each shop's
 * objects on its own; decision 1476): one map for every store let a run of one store free another's slot.
 */
interface StoreSlots {
  free: number;
  readonly waiting: (() => void)[];
  readonly held: Map<string, () => void>;
}
const slots = new WeakMap<StoreClient, StoreSlots>();
const slotsOf = (store: StoreClient): StoreSlots => {
  const state = slots.get(store) ?? { free: slotsPerStore, waiting: [], held: new Map() };
  slots.set(store, state);
  return state;
};

/** A slot, or the abort: a caller that stopped waiting (its process is stopping) must not submit later. */
export const slotOf = async (store: StoreClient, signal?: AbortSignal): Promise<() => void> => {
  signal?.throwIfAborted();
  const state = slotsOf(store);
  if (state.free > 0) state.free -= 1;
  else
    await new Promise<void>((resolve, reject) => {
      const granted = () => {
        signal?.removeEventListener('abort', gaveUp);
        resolve();
      };
      const gaveUp = () => {
        state.waiting.splice(state.waiting.indexOf(granted), 1);
        const reason: unknown = signal!.reason;
        reject(reason instanceof Error ? reason : new Error('Stopped waiting for a bulk mutation slot.'));
      };
      state.waiting.push(granted);
      signal?.addEventListener('abort', gaveUp, { once: true });
    });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = state.waiting.shift();
    if (next) next();
    else state.free += 1;
  };
};

/** The slot stays taken by run `runId` until `freeSlotOf` sees it finished (or no longer waited on). */
export const holdSlot = (store: StoreClient, runId: string, release: () => void): void => {
  slotsOf(store).held.set(runId, release);
};

export const freeSlotOf = (store: StoreClient, runId: string): void => {
  const { held } = slotsOf(store);
  held.get(runId)?.();
  held.delete(runId);
};

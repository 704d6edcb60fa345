import { createHash } from 'node:crypto';
import type { StoreClient } from '../call';
import { ShopifyAdapterError } from '../errors';
import type { RetryPolicy } from '../retry';
import { holdSlot, slotOf } from './bulk-slots';
import { maxBatch } from './chunks';
import { runUploaded, stageTarget, uploadLines, type CodesLine, type StagedTarget } from './codes-bulk-run';

/** A chunk of codes for one run: `id` names it for good (the same for every attempt at it). */
export interface QueuedChunk extends CodesLine {
  readonly id: string;
}

/** Where the chunk went: run `runId`, named `tag`, as line `line`. */
export interface QueuedRun {
  readonly runId: string;
  readonly tag: string;
  readonly line: number;
}

export interface QueueOptions {
  /** The caller stops waiting: while queued it leaves the queue; once in a run that is not sent yet, nothing is. */
  readonly signal?: AbortSignal;
  /**
   * Called for every chunk of a run once the run's lines are chosen and before it is sent: the caller records the
   * run's name and its line, so that after a lost answer or a crash it finds the run in Shopify's list by that name.
   * The run goes out only once every chunk's record is made.
   */
  readonly batched: (run: { readonly tag: string; readonly line: number }) => Promise<void>;
}

/** Lines per run: 100 chunks of 250 codes, well under Shopify's 100 MB file limit. */
export const maxLinesPerRun = 100;

/** A run's name, from its chunks' ids in line order: the same lines, the same name. */
export const runTagOfChunks = (ids: readonly string[]): string =>
  `DmCodesPush_${createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 40)}`;

interface Member {
  readonly chunk: QueuedChunk;
  readonly options: QueueOptions;
  readonly resolve: (run: QueuedRun) => void;
  readonly reject: (error: Error) => void;
  readonly stopListening: () => void;
}
interface Queue {
  readonly pending: Member[];
  pumping: boolean;
}
const queues = new WeakMap<StoreClient, Queue>();
const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));

const send = async (
  store: StoreClient,
  policy: RetryPolicy,
  members: readonly Member[],
  target: StagedTarget,
  release: () => void,
) => {
  const tag = runTagOfChunks(members.map((m) => m.chunk.id));
  try {
    // The file goes up while the chunks note the run: nothing runs, or shows in Shopify's list, before the run call.
    await Promise.all([
      uploadLines(
        store,
        target,
        members.map((m) => m.chunk),
      ),
      ...members.map((m, line) => m.options.batched({ tag, line })),
    ]);
    const signals = members.flatMap((m) => (m.options.signal ? [m.options.signal] : []));
    const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
    const runId = await runUploaded(store, policy, tag, target, signal);
    holdSlot(store, runId, release);
    members.forEach((m, line) => m.resolve({ runId, tag, line }));
  } catch (error) {
    release();
    for (const m of members) m.reject(asError(error));
  }
};

/**
 * One store's queue: while a slot is free and chunks wait, asks for a staged upload target and then takes every
 * chunk queued by then (up to `maxLinesPerRun`) into one run. Chunks that arrive while the store's runs hold all
 * its slots, or while the bucket refills for the target, ride together in the next run.
 */
const pump = async (store: StoreClient, policy: RetryPolicy, queue: Queue) => {
  if (queue.pumping) return;
  queue.pumping = true;
  try {
    while (queue.pending.length > 0) {
      const release = await slotOf(store);
      let target: StagedTarget;
      try {
        target = await stageTarget(store);
      } catch (error) {
        release();
        for (const m of queue.pending.splice(0)) {
          m.stopListening();
          m.reject(asError(error));
        }
        continue;
      }
      const members = queue.pending.splice(0, maxLinesPerRun);
      if (members.length === 0) {
        release();
        continue;
      }
      for (const m of members) m.stopListening();
      void send(store, policy, members, target, release);
    }
  } finally {
    queue.pumping = false;
  }
};

/**
 * Queues a chunk for the store's next bulk mutation run (decision 1530): many chunks share one staged upload, one
 * run and its polls, each as its own line. Answers the run and the chunk's line once Shopify took the run.
 */
export const queueCodes = (
  store: StoreClient,
  policy: RetryPolicy,
  chunk: QueuedChunk,
  options: QueueOptions,
): Promise<QueuedRun> =>
  new Promise<QueuedRun>((resolve, reject) => {
    if (chunk.codes.length === 0 || chunk.codes.length > maxBatch)
      return reject(
        new ShopifyAdapterError(
          store.slug,
          `A bulk add takes 1 to ${maxBatch} codes, not ${chunk.codes.length}.`,
          false,
        ),
      );
    const { signal } = options;
    if (signal?.aborted) return reject(asError(signal.reason));
    const queue = queues.get(store) ?? { pending: [], pumping: false };
    queues.set(store, queue);
    const gaveUp = () => {
      const at = queue.pending.indexOf(member);
      if (at >= 0) queue.pending.splice(at, 1);
      reject(asError(signal!.reason));
    };
    const member: Member = {
      chunk,
      options,
      resolve,
      reject,
      stopListening: () => signal?.removeEventListener('abort', gaveUp),
    };
    signal?.addEventListener('abort', gaveUp, { once: true });
    queue.pending.push(member);
    void pump(store, policy, queue);
  });

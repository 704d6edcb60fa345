import type { RecordedEvent } from '@dm/event-store';
import { parseDomainEvent } from '@dm/events';
import { ShopifyAdapterError, type CodeAddResult, type ShopifyStore } from '@dm/shopify';
import { sleep } from '../../backoff';
import type { CheckResult } from '../../define-reactor';
import type { PushChunk } from './plan';

export interface PushResult {
  readonly live: string[];
  readonly refused: { code: string; reason: string; conflict: boolean }[];
}

export const pushResultOf = (results: readonly CodeAddResult[]): PushResult => ({
  live: results.filter((r) => r.status === 'added').map((r) => r.code),
  refused: results.flatMap((r) =>
    r.status === 'added' ? [] : [{ code: r.code, reason: r.reason, conflict: r.status === 'conflict' }],
  ),
});

/**
 * Codes Shopify refused as taken that our own discount holds are live: a chunk submitted again after its first
 * submission went unrecorded (a crash before the job id was noted, or a lost answer, then a job slower than the
 * grace period) meets its own codes, created by the first job. Shopify's uniqueness keeps each code once; this
 * keeps our record of it right (decision 1312).
 */
export const withOwnCodesLive = async (
  result: PushResult,
  { shopifyDiscountId, store }: Target,
): Promise<PushResult> => {
  const taken = result.refused.filter((r) => r.conflict).map((r) => r.code);
  if (taken.length === 0) return result;
  const owners = await store.checkCodesExist(taken);
  const ours = new Set(taken.filter((code) => owners.get(code)?.discountId === shopifyDiscountId));
  if (ours.size === 0) return result;
  return { live: [...result.live, ...ours], refused: result.refused.filter((r) => !ours.has(r.code)) };
};

interface Target {
  readonly shopifyDiscountId: string;
  readonly store: ShopifyStore;
}

interface Timing {
  readonly graceMs: number;
  readonly now: () => Date;
  readonly signal: AbortSignal;
}

/** What Shopify took of the chunk before the crash, from the events the chunk recorded itself. */
const recordedSubmission = (
  chunk: PushChunk,
  own: readonly RecordedEvent[],
): { creationId: string; codes: string[] } | { startedAt: number | null } => {
  let startedAt: number | null = null;
  for (const raw of own) {
    const event = parseDomainEvent(raw);
    if (event.type === 'DiscountCodesPushAccepted') {
      const skipped = new Set(event.data.skipped);
      return { creationId: event.data.creationId, codes: chunk.codes.filter((code) => !skipped.has(code)) };
    }
    if (event.type === 'DiscountCodesPushStarted') startedAt = Date.parse(event.data.startedAt);
  }
  return { startedAt };
};

/**
 * Finds the chunk in the store without its job id: any of its codes on our discount means the bulk add ran. It can
 * only see a job that has finished, so it first lets `graceMs` pass since the chunk was submitted.
 */
export const lookUpChunk = async (
  chunk: PushChunk,
  { shopifyDiscountId, store }: Target,
  submittedAt: number,
  { graceMs, now, signal }: Timing,
): Promise<CheckResult<PushResult>> => {
  await sleep(submittedAt + graceMs - now().getTime(), signal);
  signal.throwIfAborted();
  const owners = await store.checkCodesExist(chunk.codes);
  const ours = chunk.codes.filter((code) => owners.get(code)?.discountId === shopifyDiscountId);
  if (ours.length === 0) return { applied: false };
  return {
    applied: true,
    result: {
      live: ours,
      refused: chunk.codes
        .filter((code) => !ours.includes(code))
        .map((code) =>
          owners.get(code)
            ? { code, reason: 'Code must be unique: another discount in this store has it.', conflict: true }
            : { code, reason: 'Not created in Shopify.', conflict: false },
        ),
    },
  };
};

/**
 * After a crash mid-chunk: when Shopify's job id was recorded, the job is waited for (it may not have run yet);
 * without it, the chunk is looked up once the grace period since its start has passed (docs/decisions/1190).
 */
export const recoverChunk = async (
  chunk: PushChunk,
  target: Target,
  own: readonly RecordedEvent[],
  timing: Timing,
): Promise<CheckResult<PushResult>> => {
  const submission = recordedSubmission(chunk, own);
  if (!('creationId' in submission)) return lookUpChunk(chunk, target, submission.startedAt ?? 0, timing);
  try {
    const results = await target.store.codesCreated(submission.creationId, submission.codes, timing.signal);
    return { applied: true, result: await withOwnCodesLive(pushResultOf(results), target) };
  } catch (error) {
    // Shopify no longer knows the job (it keeps them for a while only): it ran long ago, so the codes tell.
    if (error instanceof ShopifyAdapterError && !error.retryable) return lookUpChunk(chunk, target, 0, timing);
    throw error;
  }
};

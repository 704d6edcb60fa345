import type { RecordedEvent } from '@dm/event-store';
import { createHash } from 'node:crypto';
import { parseDomainEvent } from '@dm/events';
import { ShopifyAdapterError, type CodeAddResult, type ShopifyStore } from '@dm/shopify';
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
 * Codes Shopify refused as taken that our own discount holds are live: a chunk whose codes Shopify already holds on
 * our discount (a bulk creation that ran before its record was lost, or codes added there by hand) meets them. Shopify's uniqueness keeps each code once; this
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

/**
 * The chunk's id among the lines of a bulk mutation run: the same for every attempt at the same (discount, store,
 * chunk). A run's name derives from its chunks' ids (decision 1530).
 */
export const chunkIdOf = ({ discountId, storeId, chunkKey }: PushChunk): string =>
  `DmCodesChunk_${createHash('sha256').update(`${discountId}|${storeId}|${chunkKey}`).digest('hex').slice(0, 40)}`;

/** The runs a chunk was noted in, by name: the line it is in each. */
export type NotedRuns = ReadonlyMap<string, number>;
export type FindRun = (
  store: ShopifyStore,
  since: number | null,
  runs: NotedRuns,
) => Promise<{ runId: string; line: number } | null>;

/** How far before our record of the start Shopify's list is searched: its clock and ours may disagree. */
const clockSlackMs = 60 * 60 * 1000;
export const runSince = (startedAt: number | null): string | null =>
  startedAt === null ? null : new Date(startedAt - clockSlackMs).toISOString();

/** What Shopify took of the chunk before the crash, from the events the chunk recorded itself. */
const recordedSubmission = (
  chunk: PushChunk,
  own: readonly RecordedEvent[],
): { creationId: string; codes: string[] } | { startedAt: number | null; runs: NotedRuns } => {
  let startedAt: number | null = null;
  const runs = new Map<string, number>();
  for (const raw of own) {
    const event = parseDomainEvent(raw);
    if (event.type === 'DiscountCodesPushAccepted') {
      const skipped = new Set(event.data.skipped);
      return { creationId: event.data.creationId, codes: chunk.codes.filter((code) => !skipped.has(code)) };
    }
    if (event.type === 'DiscountCodesPushStarted') startedAt = Date.parse(event.data.startedAt);
    if (event.type === 'DiscountCodesPushBatched') runs.set(event.data.runName, event.data.line);
  }
  return { startedAt, runs };
};

/** The chunk's codes in the store: any of them on our discount means its bulk add ran, long ago. */
const lookUpChunk = async (
  chunk: PushChunk,
  { shopifyDiscountId, store }: Target,
): Promise<CheckResult<PushResult>> => {
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

const outcomeOf = async (
  target: Target,
  creation: { creationId: string; codes: readonly string[] },
  signal: AbortSignal,
): Promise<PushResult> =>
  withOwnCodesLive(pushResultOf(await target.store.codesCreated(creation.creationId, creation.codes, signal)), target);

/**
 * After a crash mid-chunk: when Shopify's bulk creation id was recorded, that job is waited for; without it, the runs
 * the chunk was noted in are looked for in Shopify's list of bulk operations by their names and, when one is there,
 * waited for; when none is (or none was noted: the chunk never went out), Shopify never took it and it goes out
 * (decisions 1190, 1420, 1530). No clock decides.
 */
export const recoverChunk = async (
  chunk: PushChunk,
  target: Target,
  own: readonly RecordedEvent[],
  signal: AbortSignal,
  findRun: FindRun,
): Promise<CheckResult<PushResult>> => {
  const submission = recordedSubmission(chunk, own);
  try {
    if ('creationId' in submission) return { applied: true, result: await outcomeOf(target, submission, signal) };
    const run = await findRun(target.store, submission.startedAt, submission.runs);
    if (!run) return { applied: false };
    return {
      applied: true,
      result: await outcomeOf(target, await target.store.codesRunCreation(run.runId, run.line, signal), signal),
    };
  } catch (error) {
    // An answer that will not change: Shopify no longer knows the job (it keeps them a while only), or the run ended
    // without a bulk creation (its line refused, the run FAILED). Thrown from here it would stall the reactor on
    // this chunk for good (decision 1450): the codes in the store tell instead.
    if (error instanceof ShopifyAdapterError && !error.retryable) return lookUpChunk(chunk, target);
    throw error;
  }
};

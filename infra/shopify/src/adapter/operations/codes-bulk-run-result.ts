import type { StoreClient } from '../call';
import { ShopifyAdapterError, ShopifyUserError, type ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { freeSlotOf } from './bulk-slots';

const poll = `query CodesBulkRunPoll($id: ID!) { bulkOperation(id: $id) { id status errorCode url } }`;

export interface CodesRunCreation {
  readonly creationId: string;
  /** The codes the bulk creation holds, as submitted. */
  readonly codes: string[];
}

type ResultLine = {
  data?: {
    discountRedeemCodeBulkAdd: {
      bulkCreation: { id: string; codes: { edges: { node: { code: string } }[] } } | null;
      userErrors: ShopifyUserErrorDetail[];
    } | null;
  };
  errors?: { message: string }[];
  __lineNumber?: number;
};

/** A run's result lines by line number, or why there are none (the run did not complete). */
type RunResult = { readonly lines: ReadonlyMap<number, ResultLine> } | { readonly ended: string };

/**
 * Per store, the runs being waited on: every chunk of a run waits on one poll of it and one download of its
 * result, and the poll stops once no one waits. The last few results are kept for chunks that ask a moment later.
 */
interface Watch {
  waiters: number;
  readonly stop: AbortController;
  readonly result: Promise<RunResult>;
}
const watches = new WeakMap<StoreClient, { running: Map<string, Watch>; done: Map<string, RunResult> }>();
const keptResults = 16;

const pollUntilEnded = async (
  store: StoreClient,
  policy: RetryPolicy,
  runId: string,
  signal: AbortSignal,
): Promise<RunResult> => {
  let op: { status: string; errorCode: string | null; url: string | null } | null;
  try {
    for (;;) {
      signal.throwIfAborted();
      op = (
        await store.request<{ bulkOperation: typeof op }>(
          poll,
          { id: runId },
          { operation: 'bulkOperationPoll', estimate: 1, signal },
        )
      ).bulkOperation;
      if (!op || !['CREATED', 'RUNNING', 'CANCELING'].includes(op.status)) break;
      await policy.sleep(policy.pollIntervalMs);
    }
  } finally {
    // Finished, or no longer waited on here: either way the slot is free (Shopify refuses a sixth run anyway).
    freeSlotOf(store, runId);
  }
  if (!op || op.status !== 'COMPLETED' || !op.url)
    return { ended: `${op?.status ?? 'unknown'}${op?.errorCode ? ` (${op.errorCode})` : ''}` };
  const body = await (await fetch(op.url, { signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]) })).text();
  const lines = new Map<number, ResultLine>();
  for (const [i, text] of body.split('\n').entries()) {
    if (text.trim() === '') continue;
    const parsed = JSON.parse(text) as ResultLine;
    lines.set(parsed.__lineNumber ?? i, parsed);
  }
  return { lines };
};

const waitOn = async (
  store: StoreClient,
  policy: RetryPolicy,
  runId: string,
  signal?: AbortSignal,
): Promise<RunResult> => {
  const state = watches.get(store) ?? { running: new Map<string, Watch>(), done: new Map<string, RunResult>() };
  watches.set(store, state);
  const known = state.done.get(runId);
  if (known) return known;
  let watch = state.running.get(runId);
  if (!watch) {
    const stop = new AbortController();
    const created: Watch = { waiters: 0, stop, result: pollUntilEnded(store, policy, runId, stop.signal) };
    const settled = () => state.running.get(runId) === created && state.running.delete(runId);
    created.result.then((result) => {
      settled();
      state.done.set(runId, result);
      if (state.done.size > keptResults) state.done.delete(state.done.keys().next().value!);
    }, settled);
    state.running.set(runId, created);
    watch = created;
  }
  const current = watch;
  current.waiters += 1;
  try {
    return await new Promise<RunResult>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const gaveUp = () => reject(signal!.reason as Error);
      signal?.addEventListener('abort', gaveUp, { once: true });
      current.result.then(resolve, reject).finally(() => signal?.removeEventListener('abort', gaveUp));
    });
  } finally {
    current.waiters -= 1;
    if (current.waiters === 0) {
      if (state.running.get(runId) === current) state.running.delete(runId);
      current.stop.abort(new Error('No one waits on this bulk mutation any more.'));
    }
  }
};

/** Waits for the bulk mutation to finish, then reads line `line`: the bulk creation it made (or its refusal). */
export const codesRunCreation = async (
  store: StoreClient,
  policy: RetryPolicy,
  runId: string,
  line: number,
  signal?: AbortSignal,
): Promise<CodesRunCreation> => {
  const result = await waitOn(store, policy, runId, signal);
  if ('ended' in result)
    throw new ShopifyAdapterError(
      store.slug,
      `Bulk operation ${runId} ended ${result.ended}: whether its codes were added is unknown.`,
      false,
    );
  const found = result.lines.get(line);
  const added = found?.data?.discountRedeemCodeBulkAdd;
  if (!added)
    throw new ShopifyAdapterError(
      store.slug,
      found?.errors?.[0]?.message ?? `Bulk operation ${runId} has no result line ${line}.`,
      false,
    );
  if (added.userErrors.length > 0)
    throw new ShopifyUserError(store.slug, 'discountRedeemCodeBulkAdd', added.userErrors);
  return { creationId: added.bulkCreation!.id, codes: added.bulkCreation!.codes.edges.map((e) => e.node.code) };
};

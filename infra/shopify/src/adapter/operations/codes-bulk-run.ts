import type { StoreClient } from '../call';
import { ShopifyAdapterError, ShopifyUserError, type ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { maxBatch } from './chunks';

/**
 * A chunk's bulk add goes out as a bulk mutation of one line (reference §8.5) whose operation name is the caller's
 * tag: Shopify lists its bulk operations with their mutation text verbatim, so after a lost answer or a crash the
 * caller finds its own submission there by that name, and waits on it instead of submitting the chunk again.
 */
const tagPattern = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const innerMutation = (tag: string) =>
  `mutation ${tag}($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) { bulkCreation { id codes(first: ${maxBatch}) { edges { node { code } } } } userErrors { field message code } } }`;

const stage = `mutation CodesStage($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) { stagedTargets { url parameters { name value } } userErrors { field message } } }`;
const run = `mutation CodesBulkRun($mutation: String!, $path: String!) {
  bulkOperationRunMutation(mutation: $mutation, stagedUploadPath: $path) {
    bulkOperation { id status } userErrors { field message code } } }`;
const poll = `query CodesBulkRunPoll($id: ID!) { bulkOperation(id: $id) { id status errorCode url } }`;
const list = `query CodesBulkRuns($query: String!, $after: String) {
  bulkOperations(first: 50, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor } nodes { id status createdAt query } } }`;

/** Bulk mutations Shopify runs at once per app and shop (2026-01 and later): more are refused, not queued. */
const slotsPerStore = 5;
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
const slotOf = async (store: StoreClient, signal?: AbortSignal): Promise<() => void> => {
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

const upload = async (store: StoreClient, codes: readonly string[], discountId: string): Promise<string> => {
  const filename = `codes-${Date.now()}.jsonl`;
  const data = await store.request<{
    stagedUploadsCreate: {
      stagedTargets: { url: string; parameters: { name: string; value: string }[] }[] | null;
      userErrors: ShopifyUserErrorDetail[];
    };
  }>(
    stage,
    { input: [{ resource: 'BULK_MUTATION_VARIABLES', filename, mimeType: 'text/jsonl', httpMethod: 'POST' }] },
    { operation: 'stagedUploadsCreate', estimate: 11 },
  );
  store.failOnUserErrors('stagedUploadsCreate', data.stagedUploadsCreate.userErrors);
  const target = data.stagedUploadsCreate.stagedTargets?.[0];
  const key = target?.parameters.find((p) => p.name === 'key')?.value;
  if (!target || !key) throw new ShopifyAdapterError(store.slug, 'Shopify gave no staged upload target.', true);
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  const line = JSON.stringify({ discountId, codes: codes.map((code) => ({ code })) });
  form.append('file', new Blob([`${line}\n`], { type: 'text/jsonl' }), filename);
  const answer = await fetch(target.url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
  if (answer.status !== 201 && answer.status !== 204)
    throw new ShopifyAdapterError(store.slug, `Staged upload refused (HTTP ${answer.status}).`, true);
  return key;
};

/**
 * Stages the chunk and runs it as a bulk mutation named `tag`; answers the bulk operation's id. Sent once: a lost
 * answer throws `ShopifyNoAnswerError`, and `findCodesRun(tag)` then tells whether Shopify took it.
 */
export const submitCodesRun = async (
  store: StoreClient,
  policy: RetryPolicy,
  tag: string,
  discountId: string,
  codes: readonly string[],
  signal?: AbortSignal,
): Promise<string> => {
  if (!tagPattern.test(tag)) throw new ShopifyAdapterError(store.slug, `Bad bulk mutation name ${tag}.`, false);
  if (codes.length === 0 || codes.length > maxBatch)
    throw new ShopifyAdapterError(store.slug, `A bulk add takes 1 to ${maxBatch} codes, not ${codes.length}.`, false);
  const release = await slotOf(store, signal);
  try {
    const path = await upload(store, codes, discountId);
    for (;;) {
      signal?.throwIfAborted();
      const data = await store.request<{
        bulkOperationRunMutation: { bulkOperation: { id: string } | null; userErrors: ShopifyUserErrorDetail[] };
      }>(
        run,
        { mutation: innerMutation(tag), path },
        { operation: 'bulkOperationRunMutation', estimate: 10, once: true, signal },
      );
      const { bulkOperation, userErrors } = data.bulkOperationRunMutation;
      // Runs left from before a restart hold Shopify's slots: an answer that it did not run, so it goes again (unless
      // the caller stopped waiting: held jobs can keep those slots for as long as Shopify likes).
      if (userErrors.some((e) => e.code === 'OPERATION_IN_PROGRESS')) {
        await policy.sleep(policy.pollIntervalMs);
        continue;
      }
      store.failOnUserErrors('bulkOperationRunMutation', userErrors);
      slotsOf(store).held.set(bulkOperation!.id, release);
      return bulkOperation!.id;
    }
  } catch (error) {
    release();
    throw error;
  }
};

type Listed = { id: string; createdAt: string; query: string };
const listPages = async (store: StoreClient, since: string | null): Promise<Listed[]> => {
  const query = ['operation_type:mutation', since ? `created_at:>='${since}'` : ''].filter(Boolean).join(' ');
  const found: Listed[] = [];
  let after: string | null = null;
  for (;;) {
    const page: {
      bulkOperations: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Listed[] };
    } = await store.request(list, { query, after }, { operation: 'bulkOperations', estimate: 52 });
    found.push(...page.bulkOperations.nodes);
    if (!page.bulkOperations.pageInfo.hasNextPage) return found;
    after = page.bulkOperations.pageInfo.endCursor;
  }
};

/**
 * Per store, the latest listing: chunks recovering together after a restart share one instead of each paying
 * ~50 points for the same pages. A listing serves a caller only when it began after `notBefore` (the caller's
 * run, if any, was created before that) and covers the caller's window.
 */
const listings = new WeakMap<StoreClient, { began: number; since: string | null; pages: Promise<Listed[]> }>();

/**
 * The oldest bulk mutation named `tag` created at or after `since` (ISO), or null: Shopify's own list, read
 * after `notBefore` (ms; the moment after which the caller's run, if it was made, is in it).
 */
export const findCodesRun = async (
  store: StoreClient,
  policy: RetryPolicy,
  tag: string,
  since: string | null,
  notBefore: number,
): Promise<string | null> => {
  let latest = listings.get(store);
  const covers = latest && (latest.since === null || (since !== null && latest.since <= since));
  if (!latest || latest.began <= notBefore || !covers) {
    const began = policy.now();
    latest = { began, since, pages: listPages(store, since) };
    listings.set(store, latest);
    latest.pages.catch(() => listings.get(store) === latest && listings.delete(store));
  }
  const named = new RegExp(`^\\s*mutation\\s+${tag}\\b`);
  const found = (await latest.pages).filter(
    (n) => named.test(n.query) && (since === null || Date.parse(n.createdAt) >= Date.parse(since)),
  );
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0]?.id ?? null;
};

export interface CodesRunCreation {
  readonly creationId: string;
  /** The codes the bulk creation holds, as submitted. */
  readonly codes: string[];
}

/** Waits for the bulk mutation to finish, then reads its one line: the bulk creation it made (or its refusal). */
export const codesRunCreation = async (
  store: StoreClient,
  policy: RetryPolicy,
  runId: string,
  signal?: AbortSignal,
): Promise<CodesRunCreation> => {
  let op: { status: string; errorCode: string | null; url: string | null } | null;
  try {
    for (;;) {
      signal?.throwIfAborted();
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
    const { held } = slotsOf(store);
    held.get(runId)?.();
    held.delete(runId);
  }
  if (!op || op.status !== 'COMPLETED' || !op.url)
    throw new ShopifyAdapterError(
      store.slug,
      `Bulk operation ${runId} ended ${op?.status ?? 'unknown'}${op?.errorCode ? ` (${op.errorCode})` : ''}: whether its codes were added is unknown.`,
      false,
    );
  const body = await (await fetch(op.url, { signal: signal ?? AbortSignal.timeout(30_000) })).text();
  const line = JSON.parse(body.split('\n')[0] ?? '') as {
    data?: {
      discountRedeemCodeBulkAdd: {
        bulkCreation: { id: string; codes: { edges: { node: { code: string } }[] } } | null;
        userErrors: ShopifyUserErrorDetail[];
      } | null;
    };
    errors?: { message: string }[];
  };
  const added = line.data?.discountRedeemCodeBulkAdd;
  if (!added) throw new ShopifyAdapterError(store.slug, line.errors?.[0]?.message ?? 'Bulk line failed.', false);
  if (added.userErrors.length > 0)
    throw new ShopifyUserError(store.slug, 'discountRedeemCodeBulkAdd', added.userErrors);
  return { creationId: added.bulkCreation!.id, codes: added.bulkCreation!.codes.edges.map((e) => e.node.code) };
};

import type { StoreClient } from '../call';
import { ShopifyAdapterError, type ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { holdSlot, slotOf } from './bulk-slots';
import { maxBatch } from './chunks';

/**
 * Chunks of codes go out as bulk mutations (reference §8.5): one `discountRedeemCodeBulkAdd` per line of a staged
 * JSONL file, the run's operation name the caller's tag. Shopify lists its bulk operations with their mutation text
 * verbatim, so after a lost answer or a crash the caller finds its own run there by that name, and waits on it
 * instead of submitting its chunks again (decisions 1420, 1530).
 */
const tagPattern = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const innerMutation = (tag: string) =>
  `mutation ${tag}($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) { bulkCreation { id codes(first: ${maxBatch}) { edges { node { code } } } } userErrors { field message code } } }`;

const stage = `mutation CodesStage($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) { stagedTargets { url parameters { name value } } userErrors { field message } } }`;
const run = `mutation CodesBulkRun($mutation: String!, $path: String!) {
  bulkOperationRunMutation(mutation: $mutation, stagedUploadPath: $path) {
    bulkOperation { id status } userErrors { field message code } } }`;
const list = `query CodesBulkRuns($query: String!, $after: String) {
  bulkOperations(first: 50, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor } nodes { id status createdAt query } } }`;

/** One line of a run: a chunk of codes for one discount of the store. */
export interface CodesLine {
  readonly discountId: string;
  readonly codes: readonly string[];
}

export interface StagedTarget {
  readonly url: string;
  readonly parameters: readonly { name: string; value: string }[];
  readonly key: string;
  readonly filename: string;
}

/** Where the next run's file goes: asked before the run's lines are known, so lines queued meanwhile join it. */
export const stageTarget = async (store: StoreClient): Promise<StagedTarget> => {
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
  return { ...target, key, filename };
};

const checkTag = (store: StoreClient, tag: string) => {
  if (!tagPattern.test(tag)) throw new ShopifyAdapterError(store.slug, `Bad bulk mutation name ${tag}.`, false);
};
const checkLines = (store: StoreClient, lines: readonly CodesLine[]) => {
  if (lines.length === 0) throw new ShopifyAdapterError(store.slug, 'A bulk mutation needs a line.', false);
  for (const { codes } of lines)
    if (codes.length === 0 || codes.length > maxBatch)
      throw new ShopifyAdapterError(store.slug, `A bulk add takes 1 to ${maxBatch} codes, not ${codes.length}.`, false);
};

/** Puts the lines in the staged file: nothing runs, and nothing shows in Shopify's list of runs, until the run. */
export const uploadLines = async (store: StoreClient, target: StagedTarget, lines: readonly CodesLine[]) => {
  checkLines(store, lines);
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  const jsonl = lines
    .map(({ discountId, codes }) => `${JSON.stringify({ discountId, codes: codes.map((code) => ({ code })) })}\n`)
    .join('');
  form.append('file', new Blob([jsonl], { type: 'text/jsonl' }), target.filename);
  const answer = await fetch(target.url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
  if (answer.status !== 201 && answer.status !== 204)
    throw new ShopifyAdapterError(store.slug, `Staged upload refused (HTTP ${answer.status}).`, true);
};

/**
 * Runs the lines uploaded to `target` as one bulk mutation named `tag`, holding a slot the caller took: answers the
 * bulk operation's id. Sent once: a lost answer throws `ShopifyNoAnswerError`, and `findCodesRun` then tells whether
 * Shopify took it. The slot is the caller's to release when this throws.
 */
export const runUploaded = async (
  store: StoreClient,
  policy: RetryPolicy,
  tag: string,
  target: StagedTarget,
  signal?: AbortSignal,
): Promise<string> => {
  checkTag(store, tag);
  for (;;) {
    signal?.throwIfAborted();
    const data = await store.request<{
      bulkOperationRunMutation: { bulkOperation: { id: string } | null; userErrors: ShopifyUserErrorDetail[] };
    }>(
      run,
      { mutation: innerMutation(tag), path: target.key },
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
    return bulkOperation!.id;
  }
};

/** Takes a slot, stages and runs `lines` as one bulk mutation named `tag`: the bulk operation's id. */
export const submitCodesRun = async (
  store: StoreClient,
  policy: RetryPolicy,
  tag: string,
  lines: readonly CodesLine[],
  signal?: AbortSignal,
): Promise<string> => {
  checkTag(store, tag);
  checkLines(store, lines);
  const release = await slotOf(store, signal);
  try {
    const target = await stageTarget(store);
    await uploadLines(store, target, lines);
    const runId = await runUploaded(store, policy, tag, target, signal);
    holdSlot(store, runId, release);
    return runId;
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
const operationName = /^\s*mutation\s+([_A-Za-z][_0-9A-Za-z]*)/;

/**
 * The oldest bulk mutation named one of `tags` created at or after `since` (ISO), with its name, or null: Shopify's
 * own list, read after `notBefore` (ms; the moment after which the caller's run, if it was made, is in it).
 */
export const findCodesRun = async (
  store: StoreClient,
  policy: RetryPolicy,
  tags: readonly string[],
  since: string | null,
  notBefore: number,
): Promise<{ runId: string; tag: string } | null> => {
  if (tags.length === 0) return null;
  let latest = listings.get(store);
  const covers = latest && (latest.since === null || (since !== null && latest.since <= since));
  if (!latest || latest.began <= notBefore || !covers) {
    const began = policy.now();
    latest = { began, since, pages: listPages(store, since) };
    listings.set(store, latest);
    latest.pages.catch(() => listings.get(store) === latest && listings.delete(store));
  }
  const wanted = new Set(tags);
  const found = (await latest.pages).flatMap((n) => {
    const tag = operationName.exec(n.query)?.[1];
    if (!tag || !wanted.has(tag) || (since !== null && Date.parse(n.createdAt) < Date.parse(since))) return [];
    return [{ ...n, tag }];
  });
  const oldest = found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
  return oldest ? { runId: oldest.id, tag: oldest.tag } : null;
};

import type { StoreClient } from '../call';
import { ShopifyAdapterError, type ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { chunk, mapLimited, maxBatch } from './chunks';

export type CodeAddResult =
  | { readonly code: string; readonly status: 'added' }
  /** `conflict`: the code exists elsewhere in the shop (a race the pre-check cannot exclude, reference §13). */
  | { readonly code: string; readonly status: 'conflict' | 'rejected'; readonly reason: string };

const add = `mutation CodesBulkAdd($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {
  discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {
    bulkCreation { id done codesCount importedCount failedCount }
    userErrors { field message code } } }`;

const poll = `query CodesBulkAddPoll($ids: [ID!]!) {
  nodes(ids: $ids) { ... on DiscountRedeemCodeBulkCreation { id done importedCount failedCount } } }`;

const results = `query CodesBulkAddResults($id: ID!, $after: String) {
  discountRedeemCodeBulkCreation(id: $id) {
    codes(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { code errors { message } } } } }`;

interface Creation {
  id: string;
  done: boolean;
  importedCount: number;
  failedCount: number;
}
interface ResultsPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { code: string; errors: { message: string }[] }[];
}

interface Waiter {
  readonly resolve: (creation: Creation) => void;
  readonly reject: (error: unknown) => void;
}

const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));

/**
 * Per store, the bulk creations not done yet, polled together every `pollIntervalMs` through `nodes(ids:)` (≤ 250
 * ids a call, reference §9): the chunks of a store in flight at once cost one call a round, not one each.
 */
const pollers = new WeakMap<StoreClient, (id: string, signal?: AbortSignal) => Promise<Creation>>();
const pollerOf = (store: StoreClient, policy: RetryPolicy) => {
  const known = pollers.get(store);
  if (known) return known;
  const waiting = new Map<string, Waiter[]>();
  let polling = false;
  const settle = (id: string, outcome: (waiter: Waiter) => void) => {
    for (const waiter of waiting.get(id) ?? []) outcome(waiter);
    waiting.delete(id);
  };
  const pollAll = async () => {
    polling = true;
    try {
      while (waiting.size > 0) {
        await policy.sleep(policy.pollIntervalMs);
        const ids = [...waiting.keys()].slice(0, maxBatch);
        let nodes: (Creation | null)[];
        try {
          nodes = (
            await store.request<{ nodes: (Creation | null)[] }>(
              poll,
              { ids },
              { operation: 'bulkCreationPoll', estimate: ids.length },
            )
          ).nodes;
        } catch (error) {
          for (const id of ids) settle(id, (w) => w.reject(error));
          continue;
        }
        ids.forEach((id, i) => {
          const node = nodes[i];
          if (!node)
            settle(id, (w) => w.reject(new ShopifyAdapterError(store.slug, `Bulk creation ${id} is gone.`, false)));
          else if (node.done) settle(id, (w) => w.resolve({ ...node, id }));
        });
      }
    } finally {
      polling = false;
    }
  };
  const waitDone = (id: string, signal?: AbortSignal) =>
    new Promise<Creation>((resolve, reject) => {
      if (signal?.aborted) return reject(asError(signal.reason));
      const waiter: Waiter = {
        resolve: (creation) => {
          signal?.removeEventListener('abort', stop);
          resolve(creation);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', stop);
          reject(asError(error));
        },
      };
      // The caller stops waiting; the job runs on in Shopify, and its id finds it again.
      const stop = () => {
        const rest = (waiting.get(id) ?? []).filter((w) => w !== waiter);
        if (rest.length > 0) waiting.set(id, rest);
        else waiting.delete(id);
        reject(asError(signal!.reason));
      };
      signal?.addEventListener('abort', stop, { once: true });
      waiting.set(id, [...(waiting.get(id) ?? []), waiter]);
      if (!polling) void pollAll();
    });
  pollers.set(store, waitDone);
  return waitDone;
};

const toResult = (code: string, errors: { message: string }[]): CodeAddResult => {
  const reason = errors.map((e) => e.message).join('; ');
  if (!reason) return { code, status: 'added' };
  return { code, status: reason.startsWith('must be unique') ? 'conflict' : 'rejected', reason: `Code ${reason}` };
};

/**
 * Submits one chunk (≤ 250 codes) as a bulk creation and answers its id at once: Shopify runs it later. The id is
 * what a caller records to find the job again after a crash instead of submitting the chunk twice.
 */
export const submitCodes = async (
  store: StoreClient,
  discountId: string,
  codes: readonly string[],
): Promise<string> => {
  if (codes.length === 0 || codes.length > maxBatch)
    throw new ShopifyAdapterError(store.slug, `A bulk add takes 1 to ${maxBatch} codes, not ${codes.length}.`, false);
  const data = await store.request<{
    discountRedeemCodeBulkAdd: { bulkCreation: Creation | null; userErrors: ShopifyUserErrorDetail[] };
  }>(
    add,
    { discountId, codes: codes.map((code) => ({ code })) },
    { operation: 'discountRedeemCodeBulkAdd', estimate: 10, once: true },
  );
  store.failOnUserErrors('discountRedeemCodeBulkAdd', data.discountRedeemCodeBulkAdd.userErrors);
  return data.discountRedeemCodeBulkAdd.bulkCreation!.id;
};

/** Waits for a bulk creation to finish (or `signal`) and answers each submitted code's outcome. */
export const codesCreated = async (
  store: StoreClient,
  policy: RetryPolicy,
  creationId: string,
  codes: readonly string[],
  signal?: AbortSignal,
): Promise<CodeAddResult[]> => {
  const creation = await pollerOf(store, policy)(creationId, signal);
  // Per-code reasons cost a page read (~250 points), so we only read them when something failed.
  if (creation.failedCount === 0) return codes.map((code) => ({ code, status: 'added' }));
  const out: CodeAddResult[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { discountRedeemCodeBulkCreation: { codes: ResultsPage } } = await store.request(
      results,
      { id: creation.id, after },
      { operation: 'bulkCreationResults', estimate: 502 },
    );
    const codesPage = page.discountRedeemCodeBulkCreation.codes;
    out.push(...codesPage.nodes.map((n) => toResult(n.code, n.errors)));
    if (!codesPage.pageInfo.hasNextPage) return out;
    after = codesPage.pageInfo.endCursor;
  }
};

/**
 * Adds codes to a code discount: chunks of 250, each an asynchronous bulk creation polled until done
 * (reference §6.2, §13). Chunks run `concurrency` at a time; pacing keeps them inside the bucket.
 */
export const addCodes = async (
  store: StoreClient,
  policy: RetryPolicy,
  discountId: string,
  codes: readonly string[],
  options: { readonly concurrency?: number } = {},
): Promise<CodeAddResult[]> => {
  const parts = await mapLimited(chunk(codes), options.concurrency ?? 4, async (part) =>
    codesCreated(store, policy, await submitCodes(store, discountId, part), part),
  );
  return parts.flat();
};

import type { StoreClient } from '../call';
import type { ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { chunk, mapLimited } from './chunks';

export type CodeAddResult =
  | { readonly code: string; readonly status: 'added' }
  /** `conflict`: the code exists elsewhere in the shop (a race the pre-check cannot exclude, reference §13). */
  | { readonly code: string; readonly status: 'conflict' | 'rejected'; readonly reason: string };

const add = `mutation CodesBulkAdd($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {
  discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {
    bulkCreation { id done codesCount importedCount failedCount }
    userErrors { field message code } } }`;

const poll = `query CodesBulkAddPoll($id: ID!) {
  discountRedeemCodeBulkCreation(id: $id) { done importedCount failedCount } }`;

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

const toResult = (code: string, errors: { message: string }[]): CodeAddResult => {
  const reason = errors.map((e) => e.message).join('; ');
  if (!reason) return { code, status: 'added' };
  return { code, status: reason.startsWith('must be unique') ? 'conflict' : 'rejected', reason: `Code ${reason}` };
};

const addChunk = async (
  store: StoreClient,
  policy: RetryPolicy,
  discountId: string,
  codes: string[],
): Promise<CodeAddResult[]> => {
  const data = await store.request<{
    discountRedeemCodeBulkAdd: { bulkCreation: Creation | null; userErrors: ShopifyUserErrorDetail[] };
  }>(
    add,
    { discountId, codes: codes.map((code) => ({ code })) },
    { operation: 'discountRedeemCodeBulkAdd', estimate: 10 },
  );
  store.failOnUserErrors('discountRedeemCodeBulkAdd', data.discountRedeemCodeBulkAdd.userErrors);
  let creation = data.discountRedeemCodeBulkAdd.bulkCreation!;
  while (!creation.done) {
    await policy.sleep(policy.pollIntervalMs);
    const polled = await store.request<{ discountRedeemCodeBulkCreation: Creation }>(
      poll,
      { id: creation.id },
      { operation: 'bulkCreationPoll', estimate: 1 },
    );
    creation = { ...polled.discountRedeemCodeBulkCreation, id: creation.id };
  }
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
  const parts = await mapLimited(chunk(codes), options.concurrency ?? 4, (part) =>
    addChunk(store, policy, discountId, part),
  );
  return parts.flat();
};

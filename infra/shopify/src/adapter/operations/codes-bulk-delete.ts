import type { StoreClient } from '../call';
import type { ShopifyUserErrorDetail } from '../errors';
import type { RetryPolicy } from '../retry';
import { chunk } from './chunks';

const remove = `mutation CodesBulkDelete($discountId: ID!, $ids: [ID!]!) {
  discountCodeRedeemCodeBulkDelete(discountId: $discountId, ids: $ids) { job { id done } userErrors { field message code } } }`;
const poll = `query JobPoll($id: ID!) { job(id: $id) { done } }`;
const find = (kinds: string[]) => `query CodeIds($id: ID!, $q: String!) { discountNode(id: $id) { discount { __typename
  ${kinds.map((k) => `... on ${k} { codes(first: 250, query: $q) { nodes { id code } } }`).join('\n  ')} } } }`;

type CodesNode = { discountNode: { discount: { codes?: { nodes: { id: string; code: string }[] } } } | null };

/** Maps codes to their `DiscountRedeemCode` ids with `codes(query:)` (reference §13 "Delete codes"). */
export const findCodeIds = async (
  store: StoreClient,
  discountId: string,
  codes: readonly string[],
): Promise<Map<string, string>> => {
  const found = new Map<string, string>();
  for (const part of chunk(codes, 50)) {
    const q = part.map((c) => `"${c.replaceAll('"', '')}"`).join(' OR ');
    const data = await store.request<CodesNode>(
      find(['DiscountCodeBasic', 'DiscountCodeBxgy', 'DiscountCodeApp']),
      { id: discountId, q },
      { operation: 'codeIds', estimate: 254 },
    );
    const wanted = new Set(part.map((c) => c.toLowerCase()));
    for (const n of data.discountNode?.discount.codes?.nodes ?? [])
      if (wanted.has(n.code.toLowerCase())) found.set(n.code.toLowerCase(), n.id);
  }
  return found;
};

/** Deletes redeem codes by id, ≤ 250 per job, polling each job until done (reference §6.4). */
export const deleteCodes = async (
  store: StoreClient,
  policy: RetryPolicy,
  discountId: string,
  codeIds: readonly string[],
): Promise<void> => {
  for (const ids of chunk(codeIds)) {
    const data = await store.request<{
      discountCodeRedeemCodeBulkDelete: {
        job: { id: string; done: boolean } | null;
        userErrors: ShopifyUserErrorDetail[];
      };
    }>(remove, { discountId, ids }, { operation: 'discountCodeRedeemCodeBulkDelete', estimate: 10 });
    const payload = data.discountCodeRedeemCodeBulkDelete;
    store.failOnUserErrors('discountCodeRedeemCodeBulkDelete', payload.userErrors);
    let done = payload.job?.done ?? true;
    while (!done) {
      await policy.sleep(policy.pollIntervalMs);
      const polled = await store.request<{ job: { done: boolean } | null }>(
        poll,
        { id: payload.job!.id },
        { operation: 'jobPoll', estimate: 1 },
      );
      done = polled.job?.done ?? true;
    }
  }
};

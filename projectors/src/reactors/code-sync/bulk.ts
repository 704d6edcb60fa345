import { ShopifyAdapterError, type ShopifyStore } from '@dm/shopify';

export interface BulkOperation {
  readonly id: string;
  readonly status: string;
  readonly errorCode: string | null;
  readonly objectCount: string;
  readonly rootObjectCount: string;
  readonly fileSize: string | null;
  readonly url: string | null;
}
const fields = 'id status errorCode objectCount rootObjectCount fileSize url';

const codeFields = 'codes { edges { node { id code asyncUsageCount } } }';
const discountFields = 'title startsAt endsAt createdAt updatedAt usageLimit asyncUsageCount';

/** Every code discount matching `search` with its codes (reference §8.4); one connection per union branch. */
export const codeExportQuery = (
  search: string,
) => `{ discountNodes(query: ${JSON.stringify(search)}) { edges { node { id
  discount { __typename
    ... on DiscountCodeBasic { ${discountFields} ${codeFields} }
    ... on DiscountCodeBxgy { ${discountFields} ${codeFields} }
    ... on DiscountCodeApp { ${discountFields} appDiscountType { functionId } ${codeFields} }
    ... on DiscountCodeFreeShipping { ${discountFields} ${codeFields} } } } } } }`;

/** Only the ids of every code discount: the sweep that finds deletions (reference §7.4 "Points to remember"). */
export const discountIdsQuery = '{ discountNodes(query: "method:code") { edges { node { id } } } }';

export const startBulkQuery = async (store: ShopifyStore, query: string): Promise<string> => {
  const data = await store.client.request<{
    bulkOperationRunQuery: {
      bulkOperation: { id: string } | null;
      userErrors: { field: string[] | null; message: string; code: string | null }[];
    };
  }>(
    `mutation ($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { field message code } } }`,
    { q: query },
    { operation: 'bulkOperationRunQuery', estimate: 10 },
  );
  store.client.failOnUserErrors('bulkOperationRunQuery', data.bulkOperationRunQuery.userErrors);
  return data.bulkOperationRunQuery.bulkOperation!.id;
};

/** Polls until the operation ends; a failed or expired one is an adapter error (retryable when it FAILED). */
export const awaitBulkOperation = async (
  store: ShopifyStore,
  id: string,
  pollMs: number,
  signal: AbortSignal,
): Promise<BulkOperation> => {
  for (;;) {
    signal.throwIfAborted();
    const op = (
      await store.client.request<{ bulkOperation: BulkOperation | null }>(
        `query ($id: ID!) { bulkOperation(id: $id) { ${fields} } }`,
        { id },
        { operation: 'bulkOperationPoll', estimate: 1 },
      )
    ).bulkOperation;
    if (!op) throw new ShopifyAdapterError(store.slug, `Bulk operation ${id} was not found`, true);
    if (op.status === 'COMPLETED') return op;
    if (!['CREATED', 'RUNNING'].includes(op.status))
      throw new ShopifyAdapterError(
        store.slug,
        `Bulk operation ${id} ended ${op.status}${op.errorCode ? ` (${op.errorCode})` : ''}`,
        op.status === 'FAILED',
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

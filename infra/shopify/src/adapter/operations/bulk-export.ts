import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { StoreClient } from '../call';
import { ShopifyAdapterError, TruncatedExportError } from '../errors';
import { backoffMs, type RetryPolicy } from '../retry';
import { readCodeDiscountExport, type CodeDiscountRecord } from './jsonl';

const codeFields = 'codes { edges { node { id code asyncUsageCount } } }';
const discountFields = 'title status startsAt endsAt updatedAt';

/** Every code discount and code (reference §8.4). */
export const codeDiscountExportQuery = `{ discountNodes(query: "method:code") { edges { node { id discount { __typename
  ... on DiscountCodeBasic { ${discountFields} ${codeFields} }
  ... on DiscountCodeBxgy { ${discountFields} ${codeFields} }
  ... on DiscountCodeApp { ${discountFields} appDiscountType { functionId } ${codeFields} } } } } } }`;

interface BulkOperation {
  id: string;
  status: string;
  errorCode: string | null;
  objectCount: string;
  fileSize: string | null;
  url: string | null;
}
const fields = 'id status errorCode objectCount fileSize url';

/** Starts a bulk query and polls it until it ends (reference §8.3). */
export const runBulkQuery = async (store: StoreClient, policy: RetryPolicy, query: string): Promise<BulkOperation> => {
  const started = await store.request<{
    bulkOperationRunQuery: {
      bulkOperation: BulkOperation | null;
      userErrors: { field: string[] | null; message: string; code: string | null }[];
    };
  }>(
    `mutation ($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { ${fields} } userErrors { field message code } } }`,
    { q: query },
    { operation: 'bulkOperationRunQuery', estimate: 10 },
  );
  store.failOnUserErrors('bulkOperationRunQuery', started.bulkOperationRunQuery.userErrors);
  let op = started.bulkOperationRunQuery.bulkOperation!;
  while (['CREATED', 'RUNNING', 'CANCELING'].includes(op.status)) {
    await policy.sleep(policy.pollIntervalMs);
    op = (
      await store.request<{ bulkOperation: BulkOperation }>(
        `query ($id: ID!) { bulkOperation(id: $id) { ${fields} } }`,
        { id: op.id },
        { operation: 'bulkOperationPoll', estimate: 1 },
      )
    ).bulkOperation;
  }
  if (op.status !== 'COMPLETED')
    throw new ShopifyAdapterError(
      store.slug,
      `Bulk operation ${op.id} ended ${op.status}${op.errorCode ? ` (${op.errorCode})` : ''}`,
      op.status === 'FAILED',
    );
  return op;
};

/** Downloads the result to a file, checking its size against `fileSize`: a cut download is retried. */
export const downloadBulkResult = async (
  store: StoreClient,
  policy: RetryPolicy,
  op: BulkOperation,
  file: string,
): Promise<void> => {
  const expected = Number(op.fileSize ?? 0);
  let problem = '';
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    try {
      const response = await fetch(op.url ?? '', { signal: AbortSignal.timeout(policy.requestTimeoutMs * 20) });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
      const size = (await stat(file)).size;
      if (size === expected) return;
      problem = `${size} of ${expected} bytes`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt < policy.maxAttempts) await policy.sleep(backoffMs(policy, attempt));
  }
  throw new TruncatedExportError(store.slug, problem);
};

/**
 * Exports every code discount and code of a store as a stream of records: bulk query, poll, download to a
 * temporary file, then parse line by line; the file is never held in memory.
 */
export async function* exportCodeDiscounts(
  store: StoreClient,
  policy: RetryPolicy,
): AsyncGenerator<CodeDiscountRecord> {
  const op = await runBulkQuery(store, policy, codeDiscountExportQuery);
  if (!op.url) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'dm-shopify-export-'));
  const file = path.join(dir, 'export.jsonl');
  try {
    await downloadBulkResult(store, policy, op, file);
    let lines = 0;
    for await (const record of readCodeDiscountExport(file)) {
      lines += 1;
      yield record;
    }
    if (lines !== Number(op.objectCount))
      throw new TruncatedExportError(store.slug, `${lines} of ${op.objectCount} objects`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

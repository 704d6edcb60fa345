import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { TruncatedExportError } from '@dm/shopify';
import { codeColumns, codeCopyLine, discountRowOf, type DiscountRow } from './records';

export interface LoadTarget {
  readonly pool: pg.Pool;
  readonly storeId: number;
  readonly storeSlug: string;
  /** The table the codes are copied into (a fresh partition or an incremental staging table). */
  readonly table: string;
  /** JSONL lines per batch: one COPY and one checkpoint each. */
  readonly batchLines: number;
  readonly signal: AbortSignal;
}

export interface LoadProgress {
  readonly linesDone: number;
  readonly codesLoaded: number;
}

/**
 * Streams the export from `url` and parses it as it downloads (never held whole, never written to disk), copying
 * each batch of code lines into `target.table`. Lines up to `from.linesDone` were loaded before (a resume): their
 * codes are skipped unparsed, their discounts read again. `commit` runs inside each batch's transaction, after the
 * COPY, so the checkpoint moves with the rows (at most one batch is ever redone). A download cut short (fewer
 * lines than `expectedLines`, or a cut line) throws TruncatedExportError after the last whole batch.
 */
export const loadExport = async (
  target: LoadTarget,
  url: string,
  expectedLines: number,
  from: LoadProgress,
  commit: (client: pg.PoolClient, progress: LoadProgress) => Promise<void>,
  onBatch: (progress: LoadProgress) => Promise<void>,
): Promise<{ discounts: Map<string, DiscountRow>; progress: LoadProgress }> => {
  // An export that matched nothing (an incremental sync with no change) has no file: Shopify gives no url.
  if (!url && expectedLines === 0) return { discounts: new Map(), progress: from };
  const response = await fetch(url, { signal: target.signal });
  if (!response.ok || !response.body) throw new TruncatedExportError(target.storeSlug, `HTTP ${response.status}`);
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const discounts = new Map<string, DiscountRow>();
  let progress = from;
  let lineNo = 0;
  let batchCodes = 0;
  // The open batch: a transaction with a COPY running, fed while the lines are parsed, so the database ingests
  // while the parser works, and no batch of rows piles up in memory (each line goes to the socket within 64 KB).
  let open: { client: pg.PoolClient; copy: ReturnType<typeof copyFrom> } | null = null;
  let pending = '';

  const openBatch = async () => {
    const client = await target.pool.connect();
    try {
      await client.query('BEGIN');
      const copy = client.query(copyFrom(`COPY ${target.table} ${codeColumns} FROM STDIN`));
      // Its failures reach us through `once(copy, 'drain')` and `finished(copy)`; a COPY cancelled on purpose
      // (abandonBatch) is no failure to report.
      copy.on('error', () => undefined);
      open = { client, copy };
    } catch (error) {
      client.release();
      throw error;
    }
    return open;
  };
  const send = async (force: boolean) => {
    if (pending.length === 0 || (!force && pending.length < 65_536)) return;
    const { copy } = open ?? (await openBatch());
    const chunk = pending;
    pending = '';
    if (!copy.write(chunk)) await once(copy, 'drain');
  };
  /** Ends the batch's COPY and commits its rows with the checkpoint (`commit`), in one transaction. */
  const closeBatch = async () => {
    await send(true);
    const next = { linesDone: lineNo, codesLoaded: progress.codesLoaded + batchCodes };
    const batch = open ?? (await openBatch());
    open = null;
    try {
      batch.copy.end();
      await finished(batch.copy);
      await commit(batch.client, next);
      await batch.client.query('COMMIT');
    } catch (error) {
      await batch.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      batch.client.release();
    }
    progress = next;
    batchCodes = 0;
    await onBatch(next);
  };
  /** A failed load leaves no part of its open batch: the transaction is rolled back. */
  const abandonBatch = async () => {
    const batch = open;
    open = null;
    pending = '';
    if (!batch) return;
    batch.copy.destroy();
    await batch.client.query('ROLLBACK').catch(() => undefined);
    batch.client.release(true);
  };

  try {
    for await (const text of linesOf(body)) {
      if (!text) continue;
      lineNo += 1;
      const isCode = text.includes('"__parentId"');
      if (lineNo <= from.linesDone && isCode) continue;
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new TruncatedExportError(target.storeSlug, `line ${lineNo} is cut short`);
      }
      if (isCode) {
        pending += codeCopyLine(target.storeId, line);
        batchCodes += 1;
        await send(false);
      } else {
        const discount = discountRowOf(line);
        if (discount) discounts.set(discount.id, discount);
      }
      if (lineNo > from.linesDone && lineNo - progress.linesDone >= target.batchLines) await closeBatch();
    }
    if (lineNo < expectedLines)
      throw new TruncatedExportError(target.storeSlug, `${lineNo} of ${expectedLines} lines arrived`);
    if (lineNo > progress.linesDone) await closeBatch();
  } catch (error) {
    await abandonBatch();
    throw error;
  } finally {
    body.destroy();
  }
  return { discounts, progress };
};

/**
 * The lines of a byte stream, pulled one chunk at a time: the download only goes as fast as the lines are used
 * (readline's iterator buffers every line the socket delivers while a COPY waits, which is what the RSS target
 * rules out).
 */
async function* linesOf(body: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

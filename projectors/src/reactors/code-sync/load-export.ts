import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  const response = await fetch(url, { signal: target.signal });
  if (!response.ok || !response.body) throw new TruncatedExportError(target.storeSlug, `HTTP ${response.status}`);
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const discounts = new Map<string, DiscountRow>();
  let progress = from;
  let lineNo = 0;
  let batch: string[] = [];
  let batchCodes = 0;

  /** Copies one batch and moves the checkpoint with it, in one transaction. */
  const copyBatch = async (rows: string[], next: LoadProgress) => {
    const client = await target.pool.connect();
    try {
      await client.query('BEGIN');
      if (rows.length > 0) {
        const copy = client.query(copyFrom(`COPY ${target.table} ${codeColumns} FROM STDIN`));
        await pipeline(Readable.from([rows.join('')]), copy);
      }
      await commit(client, next);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    progress = next;
    await onBatch(next);
  };
  // One batch is copied while the next is parsed (the database and the parser each keep a core busy); batches
  // still commit one after another, in order, so the checkpoint only ever moves forward over whole batches.
  let inFlight: Promise<void> = Promise.resolve();
  let planned = from;
  const flush = async () => {
    const next = { linesDone: lineNo, codesLoaded: planned.codesLoaded + batchCodes };
    const rows = batch;
    planned = next;
    batch = [];
    batchCodes = 0;
    const previous = inFlight;
    inFlight = previous.then(() => copyBatch(rows, next));
    inFlight.catch(() => undefined); // observed below; never an unhandled rejection while parsing goes on
    await previous;
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
        batch.push(codeCopyLine(target.storeId, line));
        batchCodes += 1;
      } else {
        const discount = discountRowOf(line);
        if (discount) discounts.set(discount.id, discount);
      }
      if (lineNo > from.linesDone && lineNo - planned.linesDone >= target.batchLines) await flush();
    }
  } finally {
    body.destroy();
    await inFlight;
  }
  if (lineNo < expectedLines)
    throw new TruncatedExportError(target.storeSlug, `${lineNo} of ${expectedLines} lines arrived`);
  if (lineNo > planned.linesDone) await flush();
  await inFlight;
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

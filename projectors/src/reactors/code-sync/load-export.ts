import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { TruncatedExportError } from '@dm/shopify';
import { backgroundClient } from './background-priority';
import { BatchBytes } from './batch-bytes';
import { lettingOthersIn } from './letting-others-in';
import { codeColumns, codeCopyLine, discountRowOf, type DiscountRow } from './records';

/** Lines a big sync parses between two turns of the event loop (every other store's sync waits for them). */
const linesPerTurn = 200;

export interface LoadTarget {
  readonly pool: pg.Pool;
  readonly storeId: number;
  readonly storeSlug: string;
  /** The table the codes are copied into (a fresh partition or an incremental staging table). */
  readonly table: string;
  /** JSONL lines per batch: one COPY and one checkpoint each. */
  readonly batchLines: number;
  /** A big sync's: its batches are copied by a backend at a low OS priority (decisions 1455, 1494). */
  readonly background: boolean;
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
  // The batch being parsed, as COPY text. It is copied only once whole, so its transaction lasts the copy alone,
  // not the parsing of its lines (decisions 1456, 1486). Ten thousand lines are about a megabyte, kept as bytes.
  const pending = new BatchBytes();
  // The batch before, being copied and committed while this one is parsed.
  let committing: Promise<void> = Promise.resolve();

  // One connection copies every batch, one after the other; a broken one is replaced at the next batch. It is
  // registered as one that runs declared transactions while it has it (decision 1559).
  let writer: Awaited<ReturnType<typeof backgroundClient>> | null = null;
  const takeWriter = async () => {
    const taken = await backgroundClient(target.pool, target.background);
    try {
      await taken.client.query('SELECT es.register_no_appends()');
    } catch (error) {
      taken.release(true);
      throw error;
    }
    return taken;
  };
  const releaseWriter = async (broken: boolean) => {
    const held = writer;
    writer = null;
    if (!held) return;
    // A connection that broke is gone with its backend: the next registration clears its row.
    const unregistered =
      !broken &&
      (await held.client.query('SELECT es.unregister_no_appends()').then(
        () => true,
        () => false,
      ));
    held.release(!unregistered);
  };

  /** Copies a whole batch and commits its rows with the checkpoint (`commit`), in one transaction. */
  const writeBatch = async (text: Buffer, next: LoadProgress) => {
    writer ??= await takeWriter();
    const { client } = writer;
    try {
      // Never appends: its transaction id, held while it copies, holds back no reader of the log (decision 1494).
      await client.query('BEGIN; SELECT es.declare_no_appends()');
      if (text.length > 0) {
        const copy = client.query(copyFrom(`COPY ${target.table} ${codeColumns} FROM STDIN`));
        // Its failures reach us through `once(copy, 'drain')` and `finished(copy)`.
        copy.on('error', () => undefined);
        if (!copy.write(text)) await once(copy, 'drain');
        copy.end();
        await finished(copy);
      }
      await commit(client, next);
      await client.query('COMMIT');
    } catch (error) {
      const broken = await client.query('ROLLBACK').then(
        () => false,
        () => true,
      );
      await releaseWriter(broken);
      throw error;
    }
    await onBatch(next);
  };
  /** Hands the parsed batch over to be written; parsing runs at most one batch ahead of the database. */
  const closeBatch = async () => {
    const [text, next] = [pending.take(), { linesDone: lineNo, codesLoaded: progress.codesLoaded + batchCodes }];
    [progress, batchCodes] = [next, 0];
    const before = committing;
    committing = before.then(() => writeBatch(text, next));
    // Awaited at the next batch or at the end; until then its failure must not count as unhandled.
    committing.catch(() => undefined);
    await before;
  };

  try {
    const lines = target.background ? lettingOthersIn(linesOf(body), linesPerTurn) : linesOf(body);
    for await (const text of lines) {
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
        pending.append(codeCopyLine(target.storeId, line));
        batchCodes += 1;
      } else {
        const discount = discountRowOf(line);
        if (discount) discounts.set(discount.id, discount);
      }
      if (lineNo > from.linesDone && lineNo - progress.linesDone >= target.batchLines) await closeBatch();
    }
    if (lineNo < expectedLines)
      throw new TruncatedExportError(target.storeSlug, `${lineNo} of ${expectedLines} lines arrived`);
    if (lineNo > progress.linesDone) await closeBatch();
    await committing;
  } catch (error) {
    // A batch being written commits whole or not at all: the checkpoint stays with the rows.
    await committing.catch(() => undefined);
    throw error;
  } finally {
    body.destroy();
    await releaseWriter(false);
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

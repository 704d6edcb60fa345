import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { copyText } from './records';
import { backgroundClient } from './background-priority';
import { byBytes, TooManyCharactersError } from './gram-keys';
import { gramPageCodes, type GramPage } from './gram-pages';
import { CopiedCodes } from './copied-codes';
import { gramsOffThread, type OffThreadCount } from './grams-off-thread';
import {
  foldCase,
  searchGramsOf,
  type CodeListsByDiscount,
  type CodesByDiscount,
  type SearchGrams,
} from './search-grams';

/**
 * The codes of `table` per discount (only `discountIds`' when given), streamed out with COPY: a million codes
 * arrive in about a second, while the database builds the indexes of the same table. `distinct`: one row per code
 * id, as the incremental merge inserts them from its staging table.
 */
export const readCodesByDiscount = async (
  pool: pg.Pool,
  table: string,
  discountIds: readonly string[] | null,
  distinct: boolean,
): Promise<Map<string, string[]>> => {
  const client = await pool.connect();
  const copied = new CopiedCodes();
  try {
    // COPY takes no parameters: the ids are inlined, quoted by the driver.
    const only = discountIds
      ? `WHERE discount_id IN (${discountIds.map((id) => client.escapeLiteral(id)).join(', ') || 'NULL'})`
      : '';
    const stream = client.query(
      copyTo(
        distinct
          ? `COPY (SELECT DISTINCT ON (code_id) discount_id, code FROM ${table} ${only} ORDER BY code_id) TO STDOUT`
          : `COPY (SELECT discount_id, code FROM ${table} ${only}) TO STDOUT`,
      ),
    );
    for await (const chunk of stream as AsyncIterable<Buffer>) copied.push(chunk);
  } finally {
    client.release();
  }
  return copied.end();
};

/** The grams of a full sync (its own frequent set) or of a merge (the store's frozen set); null: too many characters. */
export const gramsOf = (
  codes: CodeListsByDiscount,
  frozen: { frequent: string[]; threshold: number } | null,
  threshold = 5000,
): SearchGrams | null => {
  try {
    return searchGramsOf(codes, frozen ?? { frequent: null, threshold });
  } catch (error) {
    if (error instanceof TooManyCharactersError) return null;
    throw error;
  }
};

/** The store's frozen set, or null when its codes have no grams (never fully synced with them). */
export const frozenGramSet = async (
  db: pg.PoolClient | pg.Pool,
  storeId: number,
): Promise<{ frequent: string[]; threshold: number } | null> =>
  (
    await db.query<{ frequent: string[]; threshold: number }>(
      'SELECT frequent, threshold FROM rm.synced_code_gram_sets WHERE store_id = $1',
      [storeId],
    )
  ).rows[0] ?? null;

/** Appends gram rows of the store inside the caller's transaction. */
export const copyGrams = async (client: pg.PoolClient, storeId: number, grams: SearchGrams): Promise<void> => {
  if (grams.rows.length === 0) return;
  const lines = function* () {
    for (let i = 0; i < grams.rows.length; i += 10_000)
      yield grams.rows
        .slice(i, i + 10_000)
        .map(
          (r) =>
            `${storeId}\t${copyText(r.gram)}\t${copyText(r.discountId)}\t${r.codeCount}\t${copyText(r.firstCode)}\n`,
        )
        .join('');
  };
  await pipeline(
    Readable.from(lines()),
    client.query(
      copyFrom('COPY rm.synced_code_grams (store_id, gram, discount_id, code_count, first_code) FROM STDIN'),
    ),
  );
};

/** Replaces the store's gram pages (decision 0990) inside the caller's transaction. */
const writeGramPages = async (client: pg.PoolClient, storeId: number, pages: readonly GramPage[]) => {
  await client.query('DELETE FROM rm.synced_code_gram_pages WHERE store_id = $1', [storeId]);
  if (pages.length === 0) return;
  // One statement: the lists travel as JSON, which escapes any text (COPY's array literals would need quoting).
  await client.query(
    `INSERT INTO rm.synced_code_gram_pages (store_id, gram, codes, discount_ids, complete_to)
     SELECT $1, p->>'gram',
            ARRAY(SELECT c FROM jsonb_array_elements_text(p->'codes') WITH ORDINALITY AS t(c, i) ORDER BY i),
            ARRAY(SELECT c FROM jsonb_array_elements_text(p->'discountIds') WITH ORDINALITY AS t(c, i) ORDER BY i),
            p->>'completeTo'
     FROM jsonb_array_elements($2::jsonb) AS p`,
    [storeId, JSON.stringify(pages)],
  );
};

/**
 * An incremental merge's gram pages: the codes of the discounts it replaces (`dropped`) taken off, the new codes of
 * the changed ones (`added`) put on where they sort at or before the page's bound, and the page cut back to its
 * size (its bound then moves to its last code). Each page stays exact up to its bound; a gram that turns common
 * only through merges gets no page until the next full sync.
 */
export const mergeGramPages = async (
  client: pg.PoolClient,
  storeId: number,
  dropped: readonly string[],
  added: CodesByDiscount,
): Promise<void> => {
  const { rows } = await client.query<{
    gram: string;
    codes: string[];
    discount_ids: string[];
    complete_to: string | null;
  }>('SELECT gram, codes, discount_ids, complete_to FROM rm.synced_code_gram_pages WHERE store_id = $1', [storeId]);
  if (rows.length === 0) return;
  const gone = new Set(dropped);
  const pages = new Map(
    rows.map((r) => [
      r.gram,
      {
        bound: r.complete_to,
        entries: r.codes
          .map((code, i) => ({ code, discountId: r.discount_ids[i]! }))
          .filter((e) => !gone.has(e.discountId)),
      },
    ]),
  );
  for (const [discountId, codes] of added)
    for (const code of codes) {
      const chars = [...foldCase(code)];
      const seen = new Set<string>();
      for (let i = 0; i < chars.length; i++)
        for (let n = 1; n <= 3 && i + n <= chars.length; n++) {
          const gram = chars.slice(i, i + n).join('');
          const page = pages.get(gram);
          if (!page || seen.has(gram)) continue;
          seen.add(gram);
          if (page.bound === null || byBytes(code, page.bound) <= 0) page.entries.push({ code, discountId });
        }
    }
  const merged: GramPage[] = [...pages].map(([gram, { bound, entries }]) => {
    entries.sort((a, b) => byBytes(a.code, b.code));
    let end = entries.length;
    if (end > gramPageCodes) {
      end = gramPageCodes;
      while (end < entries.length && entries[end]!.code === entries[end - 1]!.code) end += 1;
    }
    const kept = entries.slice(0, end);
    return {
      gram,
      codes: kept.map((e) => e.code),
      discountIds: kept.map((e) => e.discountId),
      completeTo: end < entries.length ? kept[kept.length - 1]!.code : bound,
    };
  });
  await writeGramPages(client, storeId, merged);
};

/** A full sync's swap: the store's grams and frequent set replaced (or removed: the store then has no grams). */
export const replaceGrams = async (client: pg.PoolClient, storeId: number, grams: SearchGrams | null) => {
  await client.query('DELETE FROM rm.synced_code_grams WHERE store_id = $1', [storeId]);
  await client.query('DELETE FROM rm.synced_code_gram_sets WHERE store_id = $1', [storeId]);
  await writeGramPages(client, storeId, grams?.pages ?? []);
  if (!grams) return;
  await copyGrams(client, storeId, grams);
  await client.query('INSERT INTO rm.synced_code_gram_sets (store_id, frequent, threshold) VALUES ($1, $2, $3)', [
    storeId,
    grams.frequent,
    grams.threshold,
  ]);
};

/** The COPY text of a query's rows, its connection released as soon as the text is read (closed if not all of it). */
async function* copyTextOf(pool: pg.Pool, query: string, background: boolean): AsyncGenerator<Buffer> {
  const { client, release } = await backgroundClient(pool, background);
  let read = false;
  try {
    yield* client.query(copyTo(query)) as AsyncIterable<Buffer>;
    read = true;
  } finally {
    // A COPY left half read leaves the connection unusable: it is closed, not returned to the pool.
    release(!read);
  }
}

/**
 * A full sync's grams, with the codes' number per discount (the swap then needs no GROUP BY over the table while it
 * holds its lock). A big sync's (`background`) codes are streamed to a worker and counted there, the thread and
 * its backend at a low OS priority (decision 1455); a small sync's few codes are counted here, on the loop, as an
 * incremental merge's are: a worker's start (its isolate and loader) would cost more than their count.
 */
export const searchGramsOfTable = async (
  pool: pg.Pool,
  table: string,
  threshold: number,
  background: boolean,
): Promise<OffThreadCount> => {
  const query = `COPY (SELECT discount_id, code FROM ${table}) TO STDOUT`;
  // In the index's order (the column's COLLATE "C"), sorted by the database: the worker then sorts nothing, where
  // sorting a million packed codes took it 16 MB more (decision 1520).
  const ordered = `COPY (SELECT discount_id, code FROM ${table} ORDER BY code) TO STDOUT`;
  if (background) return gramsOffThread(copyTextOf(pool, ordered, true), threshold, { background });
  const copied = new CopiedCodes();
  for await (const chunk of copyTextOf(pool, query, false)) copied.push(chunk);
  const codes = copied.end();
  return {
    grams: gramsOf(codes, null, threshold),
    codeCounts: new Map([...codes].map(([discountId, list]) => [discountId, list.length])),
  };
};

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { copyText } from './records';
import { searchGramsOf, TooManyCharactersError, type SearchGrams } from './search-grams';

/** COPY's text format back to the value (the escapes `copyText` writes, and COPY's own for other bytes). */
const uncopyText = (value: string) =>
  value.includes('\\')
    ? value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c)
    : value;

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
  const codes = new Map<string, string[]>();
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
    let rest = '';
    const take = (line: string) => {
      const tab = line.indexOf('\t');
      const discountId = uncopyText(line.slice(0, tab));
      let list = codes.get(discountId);
      if (!list) codes.set(discountId, (list = []));
      list.push(uncopyText(line.slice(tab + 1)));
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) take(line);
    }
    if (rest) take(rest);
  } finally {
    client.release();
  }
  return codes;
};

/** The grams of a full sync (its own frequent set) or of a merge (the store's frozen set); null: too many characters. */
export const gramsOf = (
  codes: Map<string, string[]>,
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

/** A full sync's swap: the store's grams and frequent set replaced (or removed: the store then has no grams). */
export const replaceGrams = async (client: pg.PoolClient, storeId: number, grams: SearchGrams | null) => {
  await client.query('DELETE FROM rm.synced_code_grams WHERE store_id = $1', [storeId]);
  await client.query('DELETE FROM rm.synced_code_gram_sets WHERE store_id = $1', [storeId]);
  if (!grams) return;
  await copyGrams(client, storeId, grams);
  await client.query('INSERT INTO rm.synced_code_gram_sets (store_id, frequent, threshold) VALUES ($1, $2, $3)', [
    storeId,
    grams.frequent,
    grams.threshold,
  ]);
};

/** A full sync's grams: the fresh table's codes read back and counted, with a frequent set chosen from them. */
export const searchGramsOfTable = async (pool: pg.Pool, table: string, threshold: number) => {
  const codes = await readCodesByDiscount(pool, table, null, false);
  // The codes per discount, counted here: the swap then needs no GROUP BY over the table while it holds its lock.
  const codeCounts = new Map([...codes].map(([discountId, list]) => [discountId, list.length]));
  return { grams: gramsOf(codes, null, threshold), codeCounts };
};

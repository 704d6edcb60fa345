import { csvLine } from '@dm/events/http';
import type pg from 'pg';
import { listSeedCodes } from './seed-codes';

interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/** Codes per statement: the file is written page by page, so its size never holds memory. */
export const exportPageSize = 5000;

interface CodeRow {
  code_id: string;
  code: string;
  code_folded: string;
  influencer_name: string | null;
  created_by_email: string | null;
  /** As PostgreSQL writes it, so the next page starts exactly after it. */
  added_at: string;
  added: string;
  deleted: boolean;
}

const storeState = (state: { state: string; reason: string | null } | undefined) =>
  !state ? '' : state.reason ? `${state.state}: ${state.reason}` : state.state;

/** The header row: times are ISO 8601 in UTC whatever the reader's locale, and the header says so (issue 25). */
export const exportHeader = (storeNames: readonly string[]) =>
  csvLine(['code', 'influencer', 'added_by', 'added_at (ISO 8601 UTC)', 'deleted', 'first_code', ...storeNames]);

/**
 * A discount's codes as CSV (issue 12 'Beyond the spec'; docs/decisions/1140-…): newest first as the codes page
 * lists them, one column per store of the discount with the code's state there (`live`, `pending`, `failed:
 * reason`…), walked by keyset over the page's index so 100,000 codes cost 20 short statements. The seed code (the
 * discount's first code, decision 1390) closes the file as it closes the codes page, marked `first_code` yes; the
 * columns an import reads (code, influencer) stay first.
 */
export async function* discountCodesCsv(db: Queries, discountId: string): AsyncGenerator<string> {
  const { rows: stores } = await db.query<{ id: number; name: string }>({
    text: `SELECT s.id, s.name FROM rm.discount_deployments x JOIN rm.stores s ON s.id = x.store_id
           WHERE x.discount_id = $1 ORDER BY s.name, s.id`,
    values: [discountId],
  });
  yield exportHeader(stores.map((s) => s.name));
  yield* codeRows(db, discountId, stores);
  for (const seed of await listSeedCodes(db, discountId, null)) {
    const inStore = new Map(seed.stores.map((s) => [s.storeId, s]));
    yield csvLine([
      seed.code,
      null,
      seed.createdByUser.email,
      seed.addedAt,
      '',
      'yes',
      ...stores.map((s) => storeState(inStore.get(s.id))),
    ]);
  }
}

async function* codeRows(
  db: Queries,
  discountId: string,
  stores: readonly { id: number; name: string }[],
): AsyncGenerator<string> {
  let after: CodeRow | null = null;
  for (;;) {
    // Newest first, then by code: the page's index order; a page starts right after the last row of the one before.
    const { rows }: { rows: CodeRow[] } = await db.query<CodeRow>({
      text: `SELECT code_id, code, code_folded, influencer_name, created_by_email, added_at::text AS added_at,
               rm.iso_utc(added_at) AS added, deleted_at IS NOT NULL AS deleted
             FROM rm.discount_codes
             WHERE discount_id = $1
               ${after ? 'AND added_at <= $2 AND (added_at < $2 OR (code_folded, code_id) > ($3, $4::uuid))' : ''}
             ORDER BY added_at DESC, code_folded, code_id LIMIT ${exportPageSize}`,
      values: after ? [discountId, after.added_at, after.code_folded, after.code_id] : [discountId],
    });
    if (rows.length === 0) return;
    const { rows: states } = await db.query<{
      code_id: string;
      store_id: number;
      state: string;
      reason: string | null;
    }>({
      text: 'SELECT code_id, store_id, state, reason FROM rm.discount_code_stores WHERE code_id = ANY($1::uuid[])',
      values: [rows.map((r) => r.code_id)],
    });
    const stateOf = new Map(states.map((s) => [`${s.code_id}:${s.store_id}`, s]));
    yield rows
      .map((r) =>
        csvLine([
          r.code,
          r.influencer_name,
          r.created_by_email,
          r.added,
          r.deleted ? 'yes' : '',
          '',
          ...stores.map((s) => storeState(stateOf.get(`${r.code_id}:${s.id}`))),
        ]),
      )
      .join('');
    if (rows.length < exportPageSize) return;
    after = rows.at(-1)!;
  }
}

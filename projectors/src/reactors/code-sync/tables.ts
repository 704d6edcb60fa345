import type pg from 'pg';
import { backgroundClient } from './background-priority';
import type { DiscountRow } from './records';

/** A full sync's fresh partition: named after the store and the sync, so a resume finds it again. */
export const freshTableOf = (storeId: number, syncId: string) =>
  `rm.synced_codes_${storeId}_${syncId.replaceAll('-', '').slice(0, 12)}`;

/** The store's partition attached now, if any. */
export const attachedPartition = async (db: pg.Pool | pg.PoolClient, storeId: number): Promise<string | null> =>
  (
    await db.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE i.inhparent = 'rm.synced_codes'::regclass
         AND pg_get_expr(c.relpartbound, c.oid) = format('FOR VALUES IN (%s)', $1::int)`,
      [storeId],
    )
  ).rows[0]?.name ?? null;

/** Partitions of this store left by syncs that never swapped (crashed and then superseded) or by a swap's drop. */
export const dropOrphans = async (pool: pg.Pool, storeId: number, keep: readonly string[]): Promise<void> => {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT 'rm.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'rm' AND c.relkind = 'r' AND c.relname LIKE $1
       AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid)`,
    [`synced\\_codes\\_${storeId}\\_%`],
  );
  for (const { name } of rows) if (!keep.includes(name)) await pool.query(`DROP TABLE IF EXISTS ${name}`);
};

export const createFreshTable = async (pool: pg.Pool, table: string, storeId: number): Promise<void> => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  // The CHECK matches the partition bound, so attaching it needs no scan of a million rows.
  await pool.query(
    `CREATE TABLE ${table} (LIKE rm.synced_codes INCLUDING DEFAULTS, CONSTRAINT ${table.slice(3)}_store CHECK (store_id = ${storeId}))`,
  );
};

const indexDefinitions = [
  '(code, code_id)',
  '(discount_id)',
  'USING gin (code gin_trgm_ops)',
  // Every lookup of a code as Shopify compares them (decisions 1160, 1310): attaching links it to the parent's.
  '(code_folded)',
];

/**
 * The indexes the parent declares, built on the fresh table before the swap, so attaching only links them. A big
 * table's are built CONCURRENTLY although nothing uses the table yet: a plain build holds a transaction id for its
 * whole length, and every reader of the log waits for it (decision 1470). A small table's are built plainly in one
 * transaction: it holds an id for milliseconds, where each concurrent build waits for every transaction older than
 * it, such as a big sync's COPY batch (decision 1494).
 */
export const indexFreshTable = async (pool: pg.Pool, table: string, big: boolean): Promise<void> => {
  // An interrupted concurrent build leaves its index behind (invalid): a resumed sync builds them all again.
  const { rows } = await pool.query<{ name: string }>(
    `SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = $1::regclass`,
    [table],
  );
  for (const { name } of rows) await pool.query(`DROP INDEX IF EXISTS ${name}`);
  if (!big) {
    await pool.query(indexDefinitions.map((definition) => `CREATE INDEX ON ${table} ${definition};`).join('\n'));
  } else {
    // At a low OS priority: the build holds no transaction id, so no reader waits for it (decisions 1455, 1494).
    const { client, release } = await backgroundClient(pool, true);
    try {
      // A trigram index over a million codes builds several times faster with room to sort in memory.
      await client.query(`SET maintenance_work_mem = '256MB'`);
      // Concurrent builds of one table run one after the other.
      for (const definition of indexDefinitions)
        await client.query(`CREATE INDEX CONCURRENTLY ON ${table} ${definition}`);
    } finally {
      await client.query('RESET maintenance_work_mem').catch(() => undefined);
      release();
    }
  }
  // Vacuumed too: its pages marked all-visible, the marks (decision 1562) and the readers' counts read the code index
  // alone (1M codes: 0.4 s instead of 1.4 s reading each row's page).
  await pool.query(`VACUUM (ANALYZE) ${table}`);
};

/**
 * Writes the discounts of a store (all of them, or the changed ones) with their code counts: counted already (a
 * map by discount id), or counted from the codes in `codes` (a table name).
 */
export const upsertDiscounts = async (
  client: pg.PoolClient,
  storeId: number,
  discounts: readonly DiscountRow[],
  codes: string | ReadonlyMap<string, number>,
): Promise<void> => {
  if (discounts.length === 0) return;
  const column = <K extends keyof DiscountRow>(key: K) => discounts.map((d) => d[key]);
  const counts =
    typeof codes === 'string'
      ? `SELECT discount_id, count(*)::int AS count FROM ${codes} WHERE store_id = $1
         AND discount_id = ANY($2::text[]) GROUP BY discount_id`
      : 'SELECT * FROM unnest($2::text[], $11::int[]) AS n(discount_id, count)';
  await client.query(
    `INSERT INTO rm.synced_code_discounts AS d (store_id, discount_id, title, discount_type, function_id, starts_at,
       ends_at, created_at, usage_limit, usage_count, code_count)
     SELECT $1, u.id, u.title, u.type, u.function_id, u.starts_at, u.ends_at, u.created_at, u.usage_limit, u.usage_count,
            coalesce(n.count, 0)
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[],
                 $9::int[], $10::int[]) AS u(id, title, type, function_id, starts_at, ends_at, created_at, usage_limit, usage_count)
     LEFT JOIN (${counts}) n ON n.discount_id = u.id
     ON CONFLICT (store_id, discount_id) DO UPDATE SET title = excluded.title, discount_type = excluded.discount_type,
       function_id = excluded.function_id, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
       created_at = excluded.created_at, usage_limit = excluded.usage_limit, usage_count = excluded.usage_count,
       code_count = excluded.code_count`,
    [
      storeId,
      column('id'),
      column('title'),
      column('type'),
      column('functionId'),
      column('startsAt'),
      column('endsAt'),
      column('createdAt'),
      column('usageLimit'),
      column('usageCount'),
      ...(typeof codes === 'string' ? [] : [discounts.map((d) => codes.get(d.id) ?? 0)]),
    ],
  );
};

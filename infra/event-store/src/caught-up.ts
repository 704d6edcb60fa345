import type pg from 'pg';

/** The es.checkpoints row name of a projection; projections own every row with this prefix. */
export const projectionCheckpointName = (name: string): string => `projection:${name}`;

export interface ProjectionRef {
  readonly name: string;
  readonly version: number;
}

/**
 * Read-your-writes: true when every projection has passed the event at global `position` (compared in the
 * log's order, by that event's (tx_id, global_position)). With `projections`, each must have a checkpoint row
 * at that version (a missing or rebuilding projection is not caught up); without, every `projection:*` row is
 * checked, so a retired projection's row must be deleted or it holds readers back (see decision 0302).
 */
export const projectionsCaughtUpTo = async (
  db: pg.Pool | pg.PoolClient,
  position: bigint,
  projections?: readonly ProjectionRef[],
): Promise<boolean> => {
  if (position <= 0n) return true;
  const names = projections?.map((p) => projectionCheckpointName(p.name)) ?? null;
  const versions = projections?.map((p) => p.version) ?? null;
  const { rows } = await db.query<{ caught_up: boolean | null }>(
    `WITH target AS (SELECT tx_id, global_position FROM es.events WHERE global_position = $1),
     wanted AS (
       SELECT c.name, c.version AS wanted_version FROM unnest($2::text[], $3::int[]) AS c(name, version)
       WHERE $2::text[] IS NOT NULL
       UNION ALL
       SELECT c.name, c.version FROM es.checkpoints c WHERE $2::text[] IS NULL AND c.name LIKE 'projection:%'
     )
     SELECT (SELECT count(*) FROM target) = 1 AND coalesce(bool_and(coalesce(
       c.version = w.wanted_version AND (c.tx_id, c.position) >= (t.tx_id, t.global_position), false)), true) AS caught_up
     FROM wanted w CROSS JOIN target t LEFT JOIN es.checkpoints c ON c.name = w.name`,
    [position.toString(), names, versions],
  );
  return rows[0]?.caught_up === true;
};

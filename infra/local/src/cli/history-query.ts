import type pg from 'pg';

export interface HistoryQuery {
  readonly stream: string | null;
  readonly actor: string | null;
  readonly at: Date | null;
  readonly since: Date | null;
  readonly limit: number;
}

interface Row {
  global_position: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: Record<string, unknown>;
  actor: string | null;
  created_at: Date;
}

/** Reads the log (never read models): the audit answer does not depend on any projection being right. */
export const findHistory = async (pool: pg.Pool, query: HistoryQuery): Promise<Row[]> => {
  const { rows } = await pool.query<Row>(
    `SELECT global_position, stream_id, stream_version, type, data,
            coalesce(metadata->>'actorEmail', metadata->>'actorId') AS actor, created_at
     FROM es.events
     WHERE ($1::text IS NULL OR stream_id = $1)
       AND ($2::text IS NULL OR lower(metadata->>'actorEmail') = lower($2))
       AND ($3::timestamptz IS NULL OR created_at <= $3)
       AND ($4::timestamptz IS NULL OR created_at >= $4)
     ORDER BY global_position DESC
     LIMIT $5`,
    [query.stream, query.actor, query.at, query.since, query.stream ? 100_000 : query.limit],
  );
  return rows.reverse();
};

export const printHistory = async (pool: pg.Pool, query: HistoryQuery) => {
  const rows = await findHistory(pool, query);
  if (rows.length === 0) {
    console.log('No events match.');
    return;
  }
  console.table(
    rows.map((r) => ({
      position: r.global_position,
      when: r.created_at.toISOString(),
      who: r.actor ?? 'unknown',
      stream: r.stream_id,
      version: r.stream_version,
      what: r.type,
    })),
  );
  if (query.stream) {
    // The stream's facts as of that time, later events overriding earlier ones field by field.
    const state = rows.reduce<Record<string, unknown>>((acc, r) => ({ ...acc, ...r.data }), {});
    console.log(`${query.stream} as of ${query.at?.toISOString() ?? 'now'}:`);
    console.log(JSON.stringify(state, null, 2));
  }
};

import { pipeline } from 'node:stream/promises';
import {
  chainUpcasters,
  eventColumns as eventReadColumns,
  recordedEventOf,
  type EventRow,
  type LogPosition,
  type RecordedEvent,
} from '@dm/event-store';
import { upcasters } from '@dm/events';
import { migrate } from '@dm/migrations';
import {
  applyBatch,
  projectionCheckpointName,
  projections as allProjections,
  readCheckpoint,
  resetProjection,
  type Projection,
} from '@dm/projectors';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** A read-model row that differs between the live table and its rebuild, named by its primary key. */
export interface RowDifference {
  readonly table: string;
  readonly key: string;
  readonly difference: 'only in the live table' | 'missing from the live table' | 'differs';
}

export interface ReplayCheck {
  readonly projection: string;
  /** The log position the live read model had reached; the rebuild went exactly that far. */
  readonly at: LogPosition;
  readonly rows: number;
  readonly differences: RowDifference[];
}

const eventColumns =
  'global_position, tx_id, stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at';

type Checksums = Map<string, string>;

/** Per row of `table`: its primary key (as JSON text) → md5 of the whole row's text. */
const checksums = async (db: pg.ClientBase, table: string): Promise<Checksums> => {
  const [schema, name] = table.split('.') as [string, string];
  const { rows: keyColumns } = await db.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [table],
  );
  const qualified = `${db.escapeIdentifier(schema)}.${db.escapeIdentifier(name)}`;
  // A table without a primary key is compared by whole rows (the key is then the row itself).
  const key = keyColumns.length
    ? `json_build_array(${keyColumns.map((c) => `t.${db.escapeIdentifier(c.column)}`).join(', ')})::text`
    : 't::text';
  const { rows } = await db.query<{ key: string; sum: string }>(
    `SELECT ${key} AS key, md5(t::text) AS sum FROM ${qualified} t`,
  );
  return new Map(rows.map((r) => [r.key, r.sum]));
};

const compare = (table: string, live: Checksums, rebuilt: Checksums): RowDifference[] => {
  const differences: RowDifference[] = [];
  for (const [key, sum] of live) {
    const other = rebuilt.get(key);
    if (other === undefined) differences.push({ table, key, difference: 'only in the live table' });
    else if (other !== sum) differences.push({ table, key, difference: 'differs' });
  }
  for (const key of rebuilt.keys()) {
    if (!live.has(key)) differences.push({ table, key, difference: 'missing from the live table' });
  }
  return differences;
};

interface Snapshot {
  readonly projection: Projection;
  readonly at: LogPosition;
  readonly tables: ReadonlyMap<string, Checksums>;
}

/** In one repeatable-read snapshot of the live database: each projection's position and row checksums, and the log. */
const snapshotLive = async (live: pg.Pool, shadow: pg.Pool, projections: readonly Projection[]) => {
  const client = await live.connect();
  const target = await shadow.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshots: Snapshot[] = [];
    for (const projection of projections) {
      const checkpoint = await readCheckpoint(client, projectionCheckpointName(projection.name));
      const at = checkpoint && checkpoint.version === projection.version ? checkpoint.at : { txId: 0n, position: 0n };
      const tables = new Map<string, Checksums>();
      for (const table of projection.tables) tables.set(table, await checksums(client, table));
      snapshots.push({ projection, at, tables });
    }
    await pipeline(
      client.query(copyTo(`COPY (SELECT ${eventColumns} FROM es.events) TO STDOUT`)),
      target.query(copyFrom(`COPY es.events (${eventColumns}) FROM STDIN`)),
    );
    await client.query('COMMIT');
    return snapshots;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    target.release();
  }
};

const upcast = chainUpcasters(upcasters);

/** The copied log, every event committed: read in the log's order up to `until`, with no visibility horizon. */
const readUpTo = async (db: pg.Pool, after: LogPosition, until: LogPosition): Promise<RecordedEvent[]> => {
  const { rows } = await db.query<EventRow>(
    `SELECT ${eventReadColumns}
     FROM es.events e
     WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint) AND (e.tx_id, e.global_position) <= ($3::xid8, $4::bigint)
     ORDER BY e.tx_id, e.global_position LIMIT 1000`,
    [after.txId.toString(), after.position.toString(), until.txId.toString(), until.position.toString()],
  );
  return rows.map((row) => upcast(recordedEventOf(row)));
};

const rebuildUpTo = async (shadow: pg.Pool, projection: Projection, until: LogPosition) => {
  await resetProjection(shadow, projection);
  let at: LogPosition = { txId: 0n, position: 0n };
  for (let batch = await readUpTo(shadow, at, until); batch.length > 0; batch = await readUpTo(shadow, at, until)) {
    ({ at } = await applyBatch(shadow, projection, at, batch));
  }
};

const scratchUrl = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/**
 * `pnpm replay --verify` (decision 1202): every read model rebuilt from the log into a scratch database on the
 * same server (the handlers write `rm.*` by name, so a rebuild beside the live tables would be a rebuild of
 * them), each exactly as far as its live checkpoint, then compared row by row (primary key → md5 of the row).
 * The live database is only read, in one snapshot; the app keeps running; the scratch database is dropped.
 */
export const verifyReplay = async (
  live: pg.Pool,
  url: string,
  projections: readonly Projection[] = allProjections,
): Promise<ReplayCheck[]> => {
  const scratch = `replay_verify_${process.pid}_${Date.now()}`;
  await live.query(`CREATE DATABASE ${scratch}`);
  const shadow = new pg.Pool({ connectionString: scratchUrl(url, scratch), max: 2 });
  // The scratch database is dropped WITH (FORCE): a connection of it still closing is cut, which is expected.
  shadow.on('error', () => undefined);
  try {
    await migrate(shadow);
    const snapshots = await snapshotLive(live, shadow, projections);
    const checks: ReplayCheck[] = [];
    for (const { projection, at, tables } of snapshots) {
      await rebuildUpTo(shadow, projection, at);
      const client = await shadow.connect();
      try {
        const differences: RowDifference[] = [];
        let rows = 0;
        for (const [table, liveSums] of tables) {
          rows += liveSums.size;
          differences.push(...compare(table, liveSums, await checksums(client, table)));
        }
        checks.push({ projection: projection.name, at, rows, differences });
      } finally {
        client.release();
      }
    }
    return checks;
  } finally {
    await shadow.end();
    await live.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
};

import type { LogPosition } from '@dm/event-store';
import { logStart } from '@dm/event-store';
import type pg from 'pg';

export { projectionCheckpointName } from '@dm/event-store';
export const reactorCheckpointName = (name: string): string => `reactor:${name}`;

export interface Checkpoint {
  readonly version: number;
  readonly at: LogPosition;
}

type Db = pg.Pool | pg.PoolClient | pg.Client;

export const readCheckpoint = async (db: Db, name: string): Promise<Checkpoint | undefined> => {
  const { rows } = await db.query<{ version: number; tx_id: string; position: string }>(
    'SELECT version, tx_id::text AS tx_id, position FROM es.checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row && { version: row.version, at: { txId: BigInt(row.tx_id), position: BigInt(row.position) } };
};

/** The stored checkpoint, created at the start of the log with `version` when there is none. */
export const ensureCheckpoint = async (db: Db, name: string, version: number): Promise<Checkpoint> => {
  await db.query('INSERT INTO es.checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    version,
  ]);
  return (await readCheckpoint(db, name))!;
};

/**
 * Moves the checkpoint from `from` to `to`, only if it is still at `from` with `version`: a fence, so that a
 * runner that lost its lock without noticing cannot overwrite the work of the one that took over.
 */
export const storeCheckpoint = async (
  tx: Db,
  name: string,
  version: number,
  from: LogPosition,
  to: LogPosition,
): Promise<boolean> => {
  const { rowCount } = await tx.query(
    `UPDATE es.checkpoints SET tx_id = $5::text::xid8, position = $6, updated_at = now()
     WHERE name = $1 AND version = $2 AND tx_id = $3::text::xid8 AND position = $4`,
    [name, version, from.txId.toString(), from.position.toString(), to.txId.toString(), to.position.toString()],
  );
  return rowCount === 1;
};

/** Back to the start of the log at `version` (rebuilds). */
export const resetCheckpoint = async (tx: Db, name: string, version: number): Promise<void> => {
  await tx.query(
    `INSERT INTO es.checkpoints (name, version, tx_id, position) VALUES ($1, $2, $3::text::xid8, $4)
     ON CONFLICT (name) DO UPDATE SET version = $2, tx_id = $3::text::xid8, position = $4, updated_at = now()`,
    [name, version, logStart.txId.toString(), logStart.position.toString()],
  );
};

export class CheckpointMovedError extends Error {
  constructor(readonly checkpoint: string) {
    super(`Checkpoint ${checkpoint} was moved by another runner`);
    this.name = 'CheckpointMovedError';
  }
}

import { inTransaction } from '@dm/event-store';
import type pg from 'pg';
import { projectionCheckpointName, resetCheckpoint } from './checkpoints';
import type { Projection } from './define-projection';

const quoteTable = (client: pg.PoolClient, table: string): string => {
  const [schema, name, ...rest] = table.split('.');
  // A rebuild truncates: refuse anything outside the read models, whatever a projection declares.
  if (schema !== 'rm' || !name || rest.length > 0)
    throw new Error(`Projection tables must be rm.<table>, got ${table}`);
  return `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
};

/** Empties the projection's tables and puts its checkpoint back at the start of the log, in one transaction. */
export const resetProjection = async (pool: pg.Pool, projection: Projection): Promise<void> => {
  await inTransaction(pool, async (client) => {
    if (projection.tables.length > 0) {
      await client.query(`TRUNCATE ${projection.tables.map((t) => quoteTable(client, t)).join(', ')}`);
    }
    await resetCheckpoint(client, projectionCheckpointName(projection.name), projection.version);
  });
};

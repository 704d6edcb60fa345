import type pg from 'pg';

/** Where an event sits in the log's order (transaction id, then position), as the projection's checkpoint does. */
export interface ChangePosition {
  readonly txId: string;
  readonly position: string;
}

/**
 * Items record where they last changed so query-api can refresh a cached list with only those (decision 0603).
 * Handlers know an event's position only, and the log is ordered by transaction id first (a later transaction
 * may hold a lower position), so the transaction id is looked up.
 */
export const changePositionOf = async (tx: pg.PoolClient, position: bigint): Promise<ChangePosition> => {
  const { rows } = await tx.query<{ tx_id: string }>(
    'SELECT tx_id::text AS tx_id FROM es.events WHERE global_position = $1',
    [position.toString()],
  );
  if (!rows[0]) throw new Error(`No event at position ${position}`);
  return { txId: rows[0].tx_id, position: position.toString() };
};

/** Where an event sits in the log's order (transaction id, then position), as the projection's checkpoint does. */
export interface ChangePosition {
  readonly txId: string;
  readonly position: string;
}

/**
 * Items record where they last changed so query-api can refresh a cached list with only those (decision 0603).
 * The log is ordered by transaction id first (a later transaction may hold a lower position), so both count.
 */
export const changePositionOf = (event: { txId: bigint; position: bigint }): ChangePosition => ({
  txId: event.txId.toString(),
  position: event.position.toString(),
});

import type pg from 'pg';

export interface LoggedEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly position: bigint;
  readonly createdAt: Date;
}

/**
 * The log as the invariants read it, straight from `es.events` in its one total order (tx_id, global_position):
 * the events of the given discounts' streams (discount, codes, drift) and of the ledger streams that name them.
 */
export const readDiscountsLog = async (pool: pg.Pool, discountIds: readonly string[]): Promise<LoggedEvent[]> => {
  if (discountIds.length === 0) return [];
  const { rows } = await pool.query<{
    stream_id: string;
    type: string;
    data: Record<string, unknown>;
    position: string;
    created_at: Date;
  }>(
    `SELECT stream_id, type, data, global_position::text AS position, created_at FROM es.events
     WHERE split_part(stream_id, ':', 2) = ANY($1::text[])
        OR (stream_id LIKE 'code-reservation:%' AND data->>'discountId' = ANY($1::text[]))
     ORDER BY tx_id, global_position`,
    [discountIds],
  );
  return rows.map((r) => ({
    streamId: r.stream_id,
    type: r.type,
    data: r.data,
    position: BigInt(r.position),
    createdAt: r.created_at,
  }));
};

/** The Shopify discount each (discount, store) is deployed as now: the last `DiscountDeployed`, by log order. */
export const deploymentsOf = (events: readonly LoggedEvent[]) => {
  const deployed = new Map<string, { shopifyDiscountId: string; code: string }>();
  for (const e of events) {
    if (e.type !== 'DiscountDeployed') continue;
    deployed.set(`${String(e.data.discountId)}|${String(e.data.storeId)}`, {
      shopifyDiscountId: String(e.data.shopifyDiscountId),
      code: String(e.data.code),
    });
  }
  return deployed;
};

/** A Shopify gid's number, as the emulator keys its discounts. */
export const numericId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

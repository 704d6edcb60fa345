import { projectionCheckpointName } from '@dm/event-store';
import type pg from 'pg';
import { membershipOf, tableOf, type CatalogList } from './queries';
import type { ItemChange } from './rendered-list';

/** Where the catalog projection stands, in the log's order (transaction id, then position). */
export interface CatalogPosition {
  readonly version: number;
  readonly txId: bigint;
  readonly position: bigint;
}

export interface ListChanges {
  readonly at: CatalogPosition;
  /** The brand's items changed since the position asked about, or null when there are more than the limit. */
  readonly changed: readonly ItemChange[] | null;
}

/**
 * One statement, so one snapshot: the checkpoint and the items stamped after `since` (decision 0603) describe
 * the same state. Nothing but the checkpoint is read while the projection stands still.
 */
const changesSql = (list: CatalogList) => `
  SELECT c.version, c.tx_id::text AS tx_id, c.position::text AS position, i.id, i.title, i.member, i.doc
  FROM es.checkpoints c
  LEFT JOIN LATERAL (
    SELECT i.id, i.title, ${membershipOf(list)} AS member, i.doc FROM ${tableOf(list)} i
    WHERE (c.tx_id, c.position) > ($3::xid8, $4::bigint)
      AND i.brand_id = $2 AND (i.changed_tx_id, i.changed_position) > ($3::xid8, $4::bigint)
    LIMIT $5
  ) i ON true
  WHERE c.name = $1`;

type Row = { version: number; tx_id: string; position: string } & (ItemChange | Record<keyof ItemChange, null>);

/** The list's changes since `since` (none asked for when null); null when the projection has no checkpoint yet. */
export const listChangesSince = async (
  db: pg.Pool,
  list: CatalogList,
  brandId: number,
  since: CatalogPosition | null,
  limit: number,
): Promise<ListChanges | null> => {
  const { rows } = await db.query<Row>(changesSql(list), [
    projectionCheckpointName('catalog'),
    brandId,
    since?.txId.toString() ?? null,
    since?.position.toString() ?? null,
    limit + 1,
  ]);
  const first = rows[0];
  if (!first) return null;
  const changed = rows.flatMap((r) =>
    r.id === null ? [] : [{ id: r.id, title: r.title, member: r.member, doc: r.doc }],
  );
  return {
    at: { version: first.version, txId: BigInt(first.tx_id), position: BigInt(first.position) },
    changed: changed.length > limit ? null : changed,
  };
};

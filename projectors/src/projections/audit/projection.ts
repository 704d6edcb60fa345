import { eventSchemas } from '@dm/events';
import type pg from 'pg';
import { defineProjection, type BulkHandlers, type ProjectedEvent } from '../../define-projection';
import { auditFactsOf } from './facts';

const insertRowsSql = `
  INSERT INTO rm.audit_log (position, occurred_at, type, stream_id, entity_kind, subjects, actor_id, actor_email,
    brand_ids)
  SELECT r.position, r.occurred_at, r.type, r.stream_id, r.entity_kind, r.subjects, r.actor_id, r.actor_email,
    r.brand_ids
  FROM jsonb_to_recordset($1::jsonb) AS r(position bigint, occurred_at timestamptz, type text, stream_id text,
    entity_kind text, subjects text[], actor_id text, actor_email text, brand_ids int[])
  ON CONFLICT (position) DO NOTHING`;

const upsertKeysSql = `
  INSERT INTO rm.audit_brand_keys (key, brand_ids)
  SELECT k.key, k.brand_ids FROM jsonb_to_recordset($1::jsonb) AS k(key text, brand_ids int[])
  ON CONFLICT (key) DO UPDATE SET brand_ids = excluded.brand_ids`;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * One run of events (any type) in two statements: the brands they inherit are looked up once, then the rows and
 * the keys they teach are written. The walk is in log order, so an event inherits from the one just before it.
 */
const record = async (events: readonly ProjectedEvent[], tx: pg.PoolClient) => {
  const facts = events.map(auditFactsOf);
  const wanted = [...new Set(facts.filter((f) => f.brandIds === null).flatMap((f) => f.inheritFrom))];
  const known = new Map<string, readonly number[]>();
  if (wanted.length > 0) {
    const { rows } = await tx.query<{ key: string; brand_ids: number[] }>(
      'SELECT key, brand_ids FROM rm.audit_brand_keys WHERE key = ANY($1)',
      [wanted],
    );
    for (const row of rows) known.set(row.key, row.brand_ids);
  }
  const learned = new Map<string, readonly number[]>();
  const rows = events.map((event, i) => {
    const fact = facts[i]!;
    const inherited = fact.inheritFrom.map((key) => known.get(key)).find((b) => b !== undefined);
    const brandIds = fact.brandIds ?? inherited ?? [];
    if (fact.brandIds !== null)
      for (const key of fact.teaches) {
        known.set(key, brandIds);
        learned.set(key, brandIds);
      }
    return {
      position: event.position.toString(),
      occurred_at: event.createdAt.toISOString(),
      type: event.type,
      stream_id: event.streamId,
      entity_kind: fact.entityKind,
      subjects: fact.subjects,
      actor_id: text(event.metadata.actorId) ?? 'unknown',
      actor_email: text(event.metadata.actorEmail),
      brand_ids: brandIds,
    };
  });
  await tx.query(insertRowsSql, [JSON.stringify(rows)]);
  if (learned.size > 0)
    await tx.query(upsertKeysSql, [JSON.stringify([...learned].map(([key, ids]) => ({ key, brand_ids: ids })))]);
};

/** Every event type the registry knows, so a type added later is indexed without touching this file. */
const everyType = Object.fromEntries([...eventSchemas.keys()].map((type) => [type, record])) as BulkHandlers;

export const auditLogProjection = defineProjection({
  name: 'audit-log',
  version: 1,
  tables: ['rm.audit_log', 'rm.audit_brand_keys'],
  handles: {},
  handlesMany: everyType,
});

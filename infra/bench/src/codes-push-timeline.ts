import type { CallLogEntry } from '@dm/shopify';
import type pg from 'pg';

/**
 * Where a push's time went, read after the run from what it left behind (the codes stream and the emulator's call
 * log), so the push itself runs unobserved: per chunk when it was Started, when Shopify took its bulk add, and when
 * its outcome was appended; per add when it was appended. Times in seconds from `startedAt` (epoch ms).
 */
export const pushTimeline = async (
  pool: pg.Pool,
  codesStreamId: string,
  calls: readonly CallLogEntry[],
  startedAt: number,
  slugOf: (storeId: number) => string,
): Promise<string> => {
  const { rows } = await pool.query<{
    type: string;
    at: Date;
    store: number | null;
    chunk: string | null;
    first: string | null;
  }>(
    `SELECT type, created_at AS at, (data->>'storeId')::int AS store, data->>'chunkKey' AS chunk,
            data->'codes'->>0 AS first
     FROM es.events WHERE stream_id = $1 ORDER BY global_position`,
    [codesStreamId],
  );
  const s = (ms: number) => (ms - startedAt) / 1000;
  const adds = rows.filter((r) => r.type === 'DiscountCodesAdded').map((r) => s(r.at.getTime()));
  const submitted = new Map<string, number>();
  for (const call of calls)
    if (call.rootFields.includes('discountRedeemCodeBulkAdd') && call.codes[0])
      submitted.set(`${call.shop}|${call.codes[0]}`, s(call.at));
  const started = new Map<string, { at: number; first: string | null }>();
  const chunks: { store: number; started: number; submitted: number; outcome: number }[] = [];
  for (const r of rows) {
    const key = `${r.chunk}`;
    if (r.type === 'DiscountCodesPushStarted') started.set(key, { at: s(r.at.getTime()), first: r.first });
    if (r.type === 'DiscountCodesPushed' || r.type === 'DiscountCodesPushFailed') {
      const chunk = started.get(key);
      const sub = submitted.get(`${slugOf(r.store!)}|${chunk?.first}`) ?? NaN;
      if (chunk) chunks.push({ store: r.store!, started: chunk.at, submitted: sub, outcome: s(r.at.getTime()) });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const f = (x: number) => x.toFixed(2);
  const lines = [
    `adds appended at ${adds.map(f).join(' ')}`,
    `chunks: ${chunks.length}; median Started→submitted ${f(median(chunks.map((c) => c.submitted - c.started)))} s, submitted→outcome ${f(median(chunks.map((c) => c.outcome - c.submitted)))} s`,
  ];
  const byField = new Map<string, { n: number; requested: number; actual: number }>();
  for (const call of calls) {
    const field = call.rootFields.join('+');
    const sum = byField.get(field) ?? { n: 0, requested: 0, actual: 0 };
    byField.set(field, {
      n: sum.n + 1,
      requested: sum.requested + (call.requestedQueryCost ?? 0),
      actual: sum.actual + (call.actualQueryCost ?? 0),
    });
  }
  for (const [field, sum] of byField)
    lines.push(`${field}: ${sum.n} calls, requested ${sum.requested}, actual ${sum.actual}`);
  for (const store of [...new Set(chunks.map((c) => c.store))].sort()) {
    const mine = chunks.filter((c) => c.store === store).sort((a, b) => a.submitted - b.submitted);
    lines.push(`store ${store} submits: ${mine.map((c) => f(c.submitted)).join(' ')}`);
  }
  return lines.join('\n');
};

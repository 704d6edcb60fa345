import { verifyChain } from '@dm/projectors';
import type { BrandScope } from '@dm/events';
import { auditFilterSchema } from '@dm/events/http';
import {
  discountHistoryStatement,
  discountSnapshotStatement,
  logCutStatement,
  type LogCut,
} from '@dm/query-api/as-of-queries';
import { auditPage } from '@dm/query-api/audit-queries';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { allOf, below, figure, percentile, ratioAtLeast, type Figure } from './index';

const pageSize = 20_000;

/**
 * The log read in the chain's order, page by page, every column the chain covers (jsonb as text, unparsed):
 * what reading the log costs at all, the baseline of `verify`.
 */
export const rawSequentialRead = async (pool: pg.Pool): Promise<{ events: number; ms: number }> => {
  const started = performance.now();
  let after = { tx: '0', position: '0' };
  let events = 0;
  for (;;) {
    const { rows } = await pool.query<{ tx: string; position: string }>({
      text: `SELECT e.global_position::text AS position, e.tx_id::text AS tx, e.stream_id, e.stream_version, e.event_id,
                    e.type, e.schema_version, e.data::text, e.metadata::text, e.created_at
             FROM es.events e
             WHERE (e.tx_id, e.global_position) > ($1::xid8, $2::bigint)
               AND e.tx_id < (SELECT es.read_horizon())
             ORDER BY e.tx_id, e.global_position LIMIT ${pageSize}`,
      values: [after.tx, after.position],
    });
    const tail = rows.at(-1);
    if (!tail) break;
    events += rows.length;
    after = tail;
  }
  return { events, ms: performance.now() - started };
};

/**
 * The same rows and columns in the same order in one `COPY … TO STDOUT` (text format, one line a row, counted,
 * nothing parsed): no paging and no row decoding, the fastest plain way to read the log out of PostgreSQL.
 */
export const rawCopyRead = async (pool: pg.Pool): Promise<{ events: number; ms: number }> => {
  const started = performance.now();
  const client = await pool.connect();
  let events = 0;
  try {
    const stream = client.query(
      copyTo(`COPY (SELECT e.global_position, e.tx_id, e.stream_id, e.stream_version, e.event_id, e.type,
                           e.schema_version, e.data, e.metadata, e.created_at
                    FROM es.events e WHERE e.tx_id < (SELECT es.read_horizon())
                    ORDER BY e.tx_id, e.global_position) TO STDOUT`),
    );
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) events += 1;
    }
  } finally {
    client.release();
  }
  return { events, ms: performance.now() - started };
};

/**
 * `verify` and the two raw reads (paged like verify, and one COPY), `rounds` times each in alternation; the
 * medians' rates. Verify's baseline is the faster raw read of each round.
 */
export const measureVerify = async (pool: pg.Pool, rounds: number): Promise<Figure[]> => {
  const [verifyRates, pagedRates, copyRates, rawRates]: [number[], number[], number[], number[]] = [[], [], [], []];
  let events = 0;
  const rate = (r: { events: number; ms: number }) => r.events / (r.ms / 1000);
  for (let round = 0; round < rounds; round++) {
    const paged = await rawSequentialRead(pool);
    pagedRates.push(rate(paged));
    const copied = await rawCopyRead(pool);
    copyRates.push(rate(copied));
    rawRates.push(Math.max(rate(paged), rate(copied)));
    const verified = await verifyChain(pool);
    if (verified.firstBreak || verified.chained !== verified.events) {
      throw new Error(`verify found a break in an untouched log: ${JSON.stringify(verified.firstBreak)}`);
    }
    if (paged.events !== verified.events || copied.events !== verified.events) {
      throw new Error(`raw reads saw ${paged.events} and ${copied.events} events, verify ${verified.events}`);
    }
    verifyRates.push(rate(verified));
    events = verified.events;
    console.log(
      `  round ${round + 1}: raw paged ${Math.round(pagedRates.at(-1)!)}/s, raw COPY ${Math.round(copyRates.at(-1)!)}/s, verify ${Math.round(verifyRates.at(-1)!)}/s`,
    );
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const raw = median(rawRates);
  const read = (name: string, value: number) => figure({ name, value, unit: 'events/s', baseline: null, target: null });
  return [
    read(
      `raw sequential read of the log, paged (${events} events, pages of ${pageSize}, chain order, jsonb as text), median of ${rounds}`,
      median(pagedRates),
    ),
    read(
      `raw sequential read of the log, one COPY TO STDOUT (${events} events, chain order, text format), median of ${rounds}`,
      median(copyRates),
    ),
    figure({
      name: `pnpm history verify: recompute and compare the chain of ${events} events, median of ${rounds} (baseline: the faster raw read of each round)`,
      value: median(verifyRates),
      unit: 'events/s',
      baseline: raw,
      target: allOf(atLeastRate(200_000), ratioAtLeast(0.5, 'raw sequential read')),
    }),
  ];
};

const atLeastRate = (n: number) => ({ text: `>= ${n} events/s`, isMet: (v: number) => v >= n });

/**
 * `GET /api/discounts/:id/as-of` over real HTTP for the whole history (every event up to now) and its SQL (the
 * snapshot's and the events' after it) alone through pg, sample for sample in alternation.
 */
export const measureAsOf = async (
  pool: pg.Pool,
  base: string,
  cookie: string,
  discountId: string,
  samples: number,
): Promise<Figure[]> => {
  const at = new Date(Date.UTC(2030, 0, 1));
  const path = `/api/discounts/${discountId}/as-of?at=${encodeURIComponent(at.toISOString())}`;
  let eventCount = 0;
  const http = async () => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
    eventCount = (JSON.parse(body) as { eventCount: number }).eventCount;
  };
  // The answer's statements, one after the other as it runs them: the cut, the newest snapshot before it, then the
  // events after the snapshot up to the cut.
  const sql = async () => {
    const cut = (await pool.query<LogCut>(logCutStatement(discountId, { at }))).rows[0] ?? null;
    const { rows } = cut
      ? await pool.query<{ tx_id: string; global_position: string }>(discountSnapshotStatement(discountId, cut))
      : { rows: [] };
    const after = rows[0] && { txId: rows[0].tx_id, position: rows[0].global_position };
    await pool.query(discountHistoryStatement(discountId, cut, after));
  };
  for (let i = 0; i < 5; i++) {
    await http();
    await sql();
  }
  const [httpMs, sqlMs]: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++) {
    let started = performance.now();
    await http();
    httpMs.push(performance.now() - started);
    started = performance.now();
    await sql();
    sqlMs.push(performance.now() - started);
  }
  httpMs.sort((a, b) => a - b);
  sqlMs.sort((a, b) => a - b);
  return [50, 95].map((p) =>
    figure({
      name: `as-of of a discount with ${eventCount} events (GET /api/discounts/:id/as-of) p${p} of ${samples} (baseline: its SQL alone)`,
      value: percentile(httpMs, p),
      unit: 'ms',
      baseline: percentile(sqlMs, p),
      target: p === 95 ? below(200, 'ms') : null,
    }),
  );
};

/**
 * Audit pages (`GET /api/audit`, 50 a page) over real HTTP beside the same read through pg alone (query-api's
 * `auditPage`: its SQL and the rows parsed, nothing else), sample for sample in alternation.
 */
export const measureAuditPages = async (
  pool: pg.Pool,
  base: string,
  cookie: string,
  scope: BrandScope,
  filters: readonly { readonly name: string; readonly query: Record<string, string> }[],
  samples: number,
): Promise<Figure[]> => {
  const figures: Figure[] = [];
  for (const { name, query } of filters) {
    const path = `/api/audit?${new URLSearchParams(query).toString()}`;
    let items = 0;
    const http = async () => {
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      items = (JSON.parse(body) as { items: unknown[] }).items.length;
    };
    const filter = auditFilterSchema.parse(query);
    const sql = () => auditPage(pool, scope, filter, { limit: 51 });
    for (let i = 0; i < 5; i++) {
      await http();
      await sql();
    }
    const [httpMs, sqlMs]: [number[], number[]] = [[], []];
    for (let i = 0; i < samples; i++) {
      let started = performance.now();
      await http();
      httpMs.push(performance.now() - started);
      started = performance.now();
      await sql();
      sqlMs.push(performance.now() - started);
    }
    httpMs.sort((a, b) => a - b);
    sqlMs.sort((a, b) => a - b);
    for (const p of [50, 95]) {
      figures.push(
        figure({
          name: `Audit page ${name} (${path}, ${items} items) p${p} of ${samples} (baseline: its SQL alone through pg)`,
          value: percentile(httpMs, p),
          unit: 'ms',
          baseline: percentile(sqlMs, p),
          target: p === 95 ? below(200, 'ms') : null,
        }),
      );
    }
  }
  return figures;
};

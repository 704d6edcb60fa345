import { createHash } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runner } from '../../projection-runner';
import { canonicalText, eventColumns, queryLogged, type LoggedEvent } from './canonical-event';
import { jsonbBuildArraySql, parseHead, type ChainHead } from './chain-hash';
import { startHashChainRunner } from './chain-runner';
import { verifyChain } from './verify-chain';

const logger = pino({ level: 'silent' });
let db: TestDatabase;
let store: EventStore;
let runner: Runner;

const startRunner = () => {
  runner = startHashChainRunner({ pool: db.pool, eventStore: store, logger, batchSize: 7, pollMs: 20 });
};
const appendSome = async (stream: string, n: number) => {
  const events = Array.from({ length: n }, (_, i) => ({
    type: 'ThingHappened',
    data: { n: i, note: `thing ${i}`, nested: { b: [1, 2.5, 'ü'], a: null } },
    metadata: { actorEmail: 'ada@x.test', correlationId: `c-${i}` },
  }));
  await store.append(stream, events, { expected: 'any' });
};
/** What a DBA can do: switch the append-only trigger off, change the log, switch it on again. */
const asDba = async (sql: string, values: unknown[] = []) => {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE es.events DISABLE TRIGGER events_append_only');
    await client.query(sql, values);
    await client.query('ALTER TABLE es.events ENABLE TRIGGER events_append_only');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
};
/**
 * Verify as the CLI runs it (one page here) and cut into ranges of 4 events read 3 at once: both must give the
 * same answer, whatever was done to the log.
 */
const verify = async (against: ChainHead | null = null) => {
  const [whole, ranged] = [
    await verifyChain(db.pool, against),
    await verifyChain(db.pool, against, { pageSize: 4, parallel: 3 }),
  ];
  expect({ ...ranged, ms: 0 }).toEqual({ ...whole, ms: 0 });
  return whole;
};

const positionOf = async (stream: string, version: number) =>
  (
    await db.pool.query<{ p: string }>(
      'SELECT global_position::text AS p FROM es.events WHERE stream_id = $1 AND stream_version = $2',
      [stream, version],
    )
  ).rows[0]!.p;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  await appendSome('discount:a', 20);
  await appendSome('locations', 15);
  startRunner();
  await runner.waitForIdle();
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('When the runner chains the log', () => {
  it('should store one hash per event, each over the previous one and the canonical text of the event', async () => {
    const { rows } = await db.pool.query<{ seq: string; hash: Buffer }>(
      'SELECT c.seq::text, c.hash FROM es.event_chain c ORDER BY c.seq',
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 35 }, (_, i) => String(i + 1)));
    // Recomputed here from the stored columns, by the formula the decision states.
    const { rows: firstEvent } = await db.pool.query<{ text: string }>(
      `SELECT jsonb_build_array(e.global_position, e.stream_id, e.stream_version, e.event_id, e.type,
                e.schema_version, e.data, e.metadata,
                to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text AS text
       FROM es.events e ORDER BY e.tx_id, e.global_position LIMIT 1`,
    );
    const digest = createHash('sha256').update(firstEvent[0]!.text, 'utf8').digest();
    const expected = createHash('sha256').update(Buffer.alloc(32)).update(digest).digest();
    expect(rows[0]!.hash.equals(expected)).toBe(true);
  });

  it('should write the canonical text in Node exactly as jsonb_build_array(…)::text renders it, for any content', async () => {
    const rows = await queryLogged<LoggedEvent & { defined: string }>(
      db.pool,
      `SELECT ${eventColumns}, ${jsonbBuildArraySql} AS defined
       FROM (SELECT e.global_position, e.tx_id, e.stream_id, e.stream_version, e.event_id, e.type, e.schema_version,
                    e.data, e.metadata, e.created_at FROM es.events e
             UNION ALL
             SELECT 9007199254740993, '7'::xid8, $2, 12345678901, gen_random_uuid(), $3, 7, $1::jsonb, '{}'::jsonb,
                    '1999-12-31 23:59:59.000001+00'::timestamptz
             UNION ALL
             SELECT 1, '7'::xid8, 's', 1, gen_random_uuid(), 'T', 1, '[]'::jsonb, $4::jsonb,
                    '2026-01-01 00:00:00+00'::timestamptz
             UNION ALL
             SELECT 2, '7'::xid8, 's', 2, gen_random_uuid(), 'T', 1, '"\\u001f \\ud83d\\ude00"'::jsonb,
                    '{}'::jsonb, '1969-07-20 20:17:40.999999-05:30'::timestamptz
            ) e`,
      [
        JSON.stringify({
          z: 1.5,
          a: [null, true, 'x\u2028"\\', 1e21, -0.000001, '\u007f'],
          ü: { '': '' },
          long: 'y'.repeat(3000),
        }),
        'odd:"quoted"\\\n\t\u0001\u001fü😀\u007f',
        'Type"\\',
        '{"a": {"b": []}, "n": 1.50}',
      ],
    );
    expect(rows.length).toBe(38);
    for (const row of rows) expect(canonicalText(row)).toBe(row.defined);
  });

  it('should verify every event of an untouched log and give its head, and keep following new events', async () => {
    const clean = await verify();
    expect(clean).toMatchObject({ events: 35, chained: 35, firstBreak: null });
    await appendSome('discount:b', 3);
    await runner.waitForIdle();
    const later = await verify(clean.head);
    expect(later).toMatchObject({ events: 38, chained: 38, firstBreak: null });
    expect(later.against?.recomputed).toBe(clean.head?.hash);
    expect(parseHead(`${later.head!.position}:${later.head!.hash}`)).toEqual(later.head);
  });
});

describe('When someone changes the log behind the trigger', () => {
  it('should name the event whose data changed, and fail a kept head even after the chain is recomputed', async () => {
    const kept = (await verify()).head!;
    const tampered = await positionOf('locations', 4);
    await asDba(`UPDATE es.events SET data = jsonb_set(data, '{note}', '"rewritten"') WHERE global_position = $1`, [
      tampered,
    ]);
    const found = await verify(kept);
    expect(found.firstBreak).toMatchObject({ position: tampered, streamId: 'locations', type: 'ThingHappened' });
    expect(found.firstBreak?.reason).toMatch(/content/);
    expect(found.against?.recomputed).not.toBe(kept.hash);

    // Whoever rewrote the log also recomputes the stored chain: the chain agrees again, the kept head does not.
    await runner.stop();
    await db.pool.query('TRUNCATE es.event_chain');
    startRunner();
    await runner.waitForIdle();
    const recomputed = await verify(kept);
    expect(recomputed.firstBreak).toBeNull();
    expect(recomputed.against?.recomputed).toBeTruthy();
    expect(recomputed.against?.recomputed).not.toBe(kept.hash);
  });

  it('should not take its digests from the database: a shadowed sha256 cannot make a kept head pass', async () => {
    const kept = (await verify()).head!;
    const tampered = await positionOf('discount:a', 3);
    const { rows } = await db.pool.query<{ note: string }>(
      `SELECT data->>'note' AS note FROM es.events WHERE global_position = $1`,
      [tampered],
    );
    const original = JSON.stringify(rows[0]!.note);
    await asDba(`UPDATE es.events SET data = jsonb_set(data, '{note}', '"forged"') WHERE global_position = $1`, [
      tampered,
    ]);
    // The administrator's sha256 hashes the text as it was before the forgery, and comes first on the path.
    await db.pool.query(
      `CREATE FUNCTION public.sha256(bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
         SELECT pg_catalog.sha256(pg_catalog.convert_to(
           pg_catalog.replace(pg_catalog.convert_from($1, 'UTF8'), '"forged"', '${original}'), 'UTF8')) $$`,
    );
    const shadowed = new pg.Pool({ connectionString: db.url, options: '-c search_path=public,pg_catalog', max: 4 });
    try {
      const proof = await shadowed.query<{ works: boolean }>(
        `SELECT sha256(convert_to('"forged"', 'UTF8')) = pg_catalog.sha256(convert_to($1, 'UTF8')) AS works`,
        [original],
      );
      expect(proof.rows[0]?.works).toBe(true);
      for (const reading of [undefined, { pageSize: 4, parallel: 3 }]) {
        const found = await verifyChain(shadowed, kept, reading);
        expect(found.firstBreak).toMatchObject({ position: tampered, streamId: 'discount:a' });
        expect(found.against?.recomputed).not.toBe(kept.hash);
      }
    } finally {
      await shadowed.end();
      await db.pool.query('DROP FUNCTION public.sha256(bytea)');
      await asDba(`UPDATE es.events SET data = jsonb_set(data, '{note}', $2::jsonb) WHERE global_position = $1`, [
        tampered,
        original,
      ]);
    }
    expect((await verify(kept)).against?.recomputed).toBe(kept.hash);
  });

  it('should name an event removed from the log, and one slipped into it', async () => {
    const removed = await positionOf('discount:a', 10);
    await asDba('DELETE FROM es.events WHERE global_position = $1', [removed]);
    const gone = await verify();
    expect(gone.firstBreak).toMatchObject({ position: removed });
    expect(gone.firstBreak?.reason).toMatch(/removed/);

    const kept = await db.pool.query<{ e: Record<string, unknown> }>(
      `SELECT to_jsonb(e) AS e FROM es.events e WHERE global_position = $1`,
      [await positionOf('discount:a', 5)],
    );
    const copy = kept.rows[0]!.e;
    // Slipped in at an old place of the order (the position the removed event had), under a new id.
    await asDba(
      `INSERT INTO es.events (global_position, tx_id, stream_id, stream_version, event_id, type, data, metadata, created_at)
       VALUES ($1, $2::xid8, 'discount:a', 10, gen_random_uuid(), 'ThingHappened', $3, $4, now())`,
      [removed, copy.tx_id, copy.data, copy.metadata],
    );
    const slipped = await verify();
    expect(slipped.firstBreak).toMatchObject({ position: removed, streamId: 'discount:a' });
    expect(slipped.firstBreak?.reason).toMatch(/content/);
  });
});

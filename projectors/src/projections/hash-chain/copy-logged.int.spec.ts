import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalText } from './canonical-event';
import { jsonbBuildArraySql } from './chain-hash';
import { copyLogged } from './copy-logged';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  // Rows shaped like es.events with the content COPY's text format escapes or splits: tabs, newlines, carriage
  // returns, backslashes, control characters, multi-byte and astral characters, a 300 kB value (many chunks).
  await db.pool.query(
    `CREATE TABLE awkward AS
     SELECT 9007199254740993::bigint AS global_position, '7'::xid8 AS tx_id, $2::text AS stream_id,
            12345678901::bigint AS stream_version, gen_random_uuid() AS event_id, $3::text AS type,
            7 AS schema_version, $1::jsonb AS data, '{"a\\tb": "c\\nd\\\\"}'::jsonb AS metadata,
            '1999-12-31 23:59:59.000001+00'::timestamptz AS created_at
     UNION ALL
     SELECT 1, '7', E'tab\\there', 1, gen_random_uuid(), E'cr\\rlf\\n', 1, $4::jsonb, '{}',
            '2026-01-01 00:00:00+00'
     UNION ALL
     SELECT 2, '8', 's', 2, gen_random_uuid(), 'T', 1, '"\\u001f \\ud83d\\ude00"', '{}',
            '1969-07-20 20:17:40.999999-05:30'
     UNION ALL
     SELECT 3, '8', 'ü😀', 3, gen_random_uuid(), 'T', 1, to_jsonb(repeat('é😀\\', 30000)), '[]',
            '2026-11-28 01:02:03.4+00'`,
    [
      JSON.stringify({ z: 1.5, a: [null, true, 'x\u2028"\\', 1e21, -0.000001, '\u007f'], ü: { '': '' } }),
      'odd:"quoted"\\\n\t\u0001\u001fü😀\u007f\u000b\b\f',
      'Type"\\\t',
      '{"a": {"b": []}, "n": 1.50}',
    ],
  );
});
afterAll(async () => {
  await db.drop();
});

describe('When verify streams the log with COPY', () => {
  it('should hand over the values exactly as a query does, so the canonical text is the defined one', async () => {
    const copied = await copyLogged(db.pool, 'awkward e', 'e.global_position', canonicalText);
    const { rows } = await db.pool.query<{ defined: string }>(
      `SELECT ${jsonbBuildArraySql} AS defined FROM awkward e ORDER BY e.global_position`,
    );
    expect(rows).toHaveLength(4);
    expect(copied).toEqual(rows.map((r) => r.defined));
  });
});

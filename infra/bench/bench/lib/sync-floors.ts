// The component floors of a full sync, each measured alone on the same export and database as the sync itself.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type pg from 'pg';
import { foldCode } from '@dm/events';
import { searchGramsOfTable } from '@dm/projectors';
import { from as copyFrom } from 'pg-copy-streams';

const seconds = (since: number) => (performance.now() - since) / 1000;

export interface Floors {
  readonly download: number;
  readonly parse: number;
  readonly copy: number;
  readonly index: number;
  readonly codes: number;
}

/** Download (to disk), parse (JSON.parse per line), COPY of the codes and the index build (with the search grams), in seconds each. */
export const measureFloors = async (pool: pg.Pool, url: string): Promise<Floors> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dm-bench-sync-'));
  const file = path.join(dir, 'export.jsonl');
  try {
    let t = performance.now();
    const response = await fetch(url);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
    const download = seconds(t);

    t = performance.now();
    const rows: string[] = [];
    for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
      if (!text) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      if (typeof line.__parentId === 'string')
        rows.push(
          `99\t${String(line.id)}\t${String(line.code)}\t${line.__parentId}\t0\t${foldCode(String(line.code))}\n`,
        );
    }
    const parse = seconds(t);

    await pool.query('DROP TABLE IF EXISTS rm.bench_copy_floor');
    await pool.query('CREATE TABLE rm.bench_copy_floor (LIKE rm.synced_codes INCLUDING DEFAULTS)');
    t = performance.now();
    const client = await pool.connect();
    try {
      const chunks = function* () {
        for (let i = 0; i < rows.length; i += 50_000) yield rows.slice(i, i + 50_000).join('');
      };
      await pipeline(Readable.from(chunks()), client.query(copyFrom('COPY rm.bench_copy_floor FROM STDIN')));
    } finally {
      client.release();
    }
    const copy = seconds(t);

    t = performance.now();
    // The same indexes and settings as the sync builds (projectors' code-sync tables.ts), and beside them, as the
    // sync counts them, the search grams (decision 0950).
    const build = async (definition: string) => {
      const indexer = await pool.connect();
      try {
        await indexer.query(`SET maintenance_work_mem = '256MB'`);
        await indexer.query(`CREATE INDEX ON rm.bench_copy_floor ${definition}`);
      } finally {
        await indexer.query('RESET maintenance_work_mem');
        indexer.release();
      }
    };
    await Promise.all([
      Promise.all([
        build('(code, code_id)'),
        build('(discount_id)'),
        build('USING gin (code gin_trgm_ops)'),
        build('(code_folded)'),
      ]).then(() => pool.query('ANALYZE rm.bench_copy_floor')),
      searchGramsOfTable(pool, 'rm.bench_copy_floor', 5000, true),
    ]);
    const index = seconds(t);
    await pool.query('DROP TABLE rm.bench_copy_floor');
    return { download, parse, copy, index, codes: rows.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

import { lstatSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, StartProblem, type EmbeddedServer } from '../src/index';

// A folder like a clone in /root or in `mktemp -d`: mode 0700, closed to every other user.
const closed = mkdtempSync(path.join(os.tmpdir(), 'dm-closed-'));
const requested = path.join(closed, '.data', 'pg');
const started: EmbeddedServer[] = [];
const start = async () => {
  const server = await startEmbeddedPostgres({ dataDir: requested });
  started.push(server);
  return server;
};
const query = async (server: EmbeddedServer, sql: string) => {
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    return (await client.query<{ note: string }>(sql)).rows;
  } finally {
    await client.end();
  }
};

afterAll(async () => {
  // Every server first: they share one data folder, and a running one still writes into it.
  for (const server of started) await server.stop();
  for (const dataDir of new Set(started.map((server) => server.dataDir))) {
    rmSync(dataDir, { recursive: true, force: true });
  }
  rmSync(closed, { recursive: true, force: true });
});

describe('When the data folder sits inside a folder closed to other users', () => {
  it('should start there, keep what was written across a restart, and say where the data lives', async () => {
    const first = await start();
    await query(first, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    await first.stop();

    const second = await start();
    expect(second.dataDir).toBe(first.dataDir);
    expect(await query(second, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    if (process.getuid?.() === 0) {
      // The server runs as `postgres`, who cannot enter the folder: the data lives outside, linked from it.
      expect(second.dataDir.startsWith('/var/lib/discount-manager/')).toBe(true);
      expect(lstatSync(requested).isSymbolicLink() && readlinkSync(requested)).toBe(second.dataDir);
    } else {
      expect(second.dataDir).toBe(requested);
    }
  });

  it('should refuse a second server on the same data with one sentence that names the running one', async () => {
    const error: unknown = await start().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartProblem);
    expect((error as Error).message).toMatch(
      /^Another PostgreSQL server \(pid \d+\) already runs on .*: stop it \(kill \d+\)/,
    );
  });
});

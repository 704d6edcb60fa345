import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '@dm/migrations';
import { startEmbeddedPostgres } from '@dm/postgres';
import pg from 'pg';

export interface BenchDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  stop(): Promise<void>;
}

/** Its own embedded PostgreSQL server in a temporary directory, with a migrated database `bench`. */
export const startBenchDatabase = async (): Promise<BenchDatabase> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as user postgres, who must reach the data directory
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data') });
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = server.url('bench');
    const pool = new pg.Pool({ connectionString: url, max: 16 });
    pool.on('error', () => undefined); // idle clients cut at shutdown
    await migrate(pool);
    return {
      url,
      pool,
      stop: async () => {
        await pool.end();
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};

/** Another migrated database on the same server, for a phase that must not see (or leave) the others' rows. */
export const createSiblingDatabase = async (benchUrl: string, name: string): Promise<string> => {
  const adminUrl = new URL(benchUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  adminUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: adminUrl.toString(), max: 1 });
  await migrate(pool).finally(() => pool.end());
  return adminUrl.toString();
};

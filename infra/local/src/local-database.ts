import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '@dm/postgres';
import pg from 'pg';
import type { LocalConfig } from './config';

export const databaseName = 'discount_manager';
const urlFile = (config: LocalConfig) => path.join(config.dataDir, 'database-url');

/** While the app runs, CLIs find its database here. */
export const publishDatabaseUrl = (config: LocalConfig, url: string) =>
  writeFileSync(urlFile(config), url, { mode: 0o600 });
export const withdrawDatabaseUrl = (config: LocalConfig) => rmSync(urlFile(config), { force: true });

const reachable = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * Runs `work` against the app's database: DATABASE_URL when set, else the running app's embedded server,
 * else the embedded server started just for this and stopped afterwards.
 */
export const withLocalDatabase = async <T>(
  config: LocalConfig,
  work: (pool: pg.Pool, url: string, appRunning: boolean) => Promise<T>,
): Promise<T> => {
  const run = async (url: string, appRunning: boolean) => {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    try {
      return await work(pool, url, appRunning);
    } finally {
      await pool.end();
    }
  };
  if (config.DATABASE_URL) return run(config.DATABASE_URL, false);
  const published = existsSync(urlFile(config)) ? readFileSync(urlFile(config), 'utf8').trim() : null;
  if (published && (await reachable(published))) return run(published, true);
  if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`No database yet in ${config.dataDir}: start the app once first.`);
  }
  const server = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg') });
  try {
    return await run(server.url(databaseName), false);
  } finally {
    await server.stop();
  }
};

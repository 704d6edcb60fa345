import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@dm/postgres';
import pg from 'pg';

const database = 'dm_restart';

/**
 * A PostgreSQL server of this test's own (the shared test server must never be stopped under other files),
 * with one empty database; the platform migrates it as `pnpm start` does.
 */
export const startRestartableDatabase = async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-pg-restart-'));
  chmodSync(dir, 0o755); // as root the server runs as user postgres, who must reach the data directory
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data') });
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`).finally(() => admin.end());
  } catch (error) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url(database),
    stopImmediately: server.stopImmediately,
    start: server.start,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

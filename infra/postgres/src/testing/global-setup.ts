import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '@dm/migrations';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../index';
import { templateDatabase } from './index';

/** One embedded PostgreSQL server for the whole run, with a migrated template database. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-test-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as user postgres: keep its throwaway data here, where it can reach it
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data') });
  const adminUrl = server.url('postgres');
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateDatabase}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: server.url(templateDatabase), max: 1 });
    await migrate(pool).finally(() => pool.end());
  } catch (error) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true }); // elsewhere when the server user could not reach `dir`
    rmSync(dir, { recursive: true, force: true });
  };
}

// The topology test's database host: embedded PostgreSQL on this host's address, the app's database migrated.
import { migrate } from '@dm/migrations';
import { startEmbeddedPostgres } from '@dm/postgres';
import pg from 'pg';
import { announceReady, setting, stopOnSigterm } from './ready';

const address = setting('HOST_ADDRESS');
const server = await startEmbeddedPostgres({
  dataDir: setting('DATA_DIR'),
  listen: { address, clients: setting('CLIENTS') },
});
stopOnSigterm(server.stop);
const admin = new pg.Client({ connectionString: server.url('postgres') });
await admin.connect();
await admin.query('CREATE DATABASE discount_manager');
await admin.end();
const pool = new pg.Pool({ connectionString: server.url('discount_manager'), max: 1 });
await migrate(pool);
await pool.end();
announceReady({ url: `postgres://postgres:postgres@${address}:${server.port}/discount_manager` });

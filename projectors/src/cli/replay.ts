// `pnpm replay`: rebuilds every read model from the log, prints what it did, and exits.
import pg from 'pg';
import { pino } from 'pino';
import { loadEnv } from '../config/env';
import { createEventStore } from '../create-store';
import { projections } from '../projections/index';
import { rebuildAll } from '../rebuild-all';

const env = loadEnv();
const logger = pino({ name: 'replay', level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
const eventStore = createEventStore(pool, env.DATABASE_URL);
try {
  const results = await rebuildAll({ pool, eventStore, projections, logger });
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
  console.log(`Replayed ${rows[0]?.n ?? 0} events into ${results.length} projections`);
  console.table(results.map((r) => ({ ...r, ms: Math.round(r.ms) })));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await eventStore.close();
  await pool.end();
}

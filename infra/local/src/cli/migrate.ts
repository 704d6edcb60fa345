// `pnpm --filter @dm/local migrate [--demo-world]`: brings the database at DATABASE_URL to the latest schema,
// and with --demo-world seeds the demo brands, locations and accounts (what the compose topology runs once).
import { createCommandBus, refoldLedger } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { migrate } from '@dm/migrations';
import { parseEnv } from '@dm/server-kit';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { seedOnEmptyLog } from '../seed-once';

const env = parseEnv(z.object({ DATABASE_URL: z.url() }));
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
try {
  await migrate(pool);
  const eventStore = createPostgresEventStore({ pool, upcast: chainUpcasters(upcasters) });
  const refolded = await refoldLedger(eventStore, pool);
  console.log(
    `Database migrated.${refolded.moved > 0 ? ` ${refolded.moved} code reservations moved to today's folding.` : ''}`,
  );
  for (const { from, to } of refolded.clashes)
    console.warn(`Reservation ${from} left: ${to} is held by another discount.`);
  if (process.argv.includes('--demo-world')) {
    const commands = createCommandBus({ eventStore });
    const seeded = await seedOnEmptyLog({ eventStore, commands, catalog: false, logger: pino({ level: 'warn' }) });
    const said = {
      seeded: 'Demo world seeded.',
      'not-empty': 'The log has events already: no demo world seeded.',
      failed: 'The demo world could not be seeded completely (see above).',
    };
    console.log(said[seeded]);
  }
  await eventStore.close();
} catch (error) {
  console.error(`Could not migrate: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}

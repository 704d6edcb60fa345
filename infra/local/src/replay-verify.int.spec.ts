import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { projections, startProjectors, type Projectors } from '@dm/projectors';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReplay } from './replay-verify';

let db: TestDatabase;
let eventStore: EventStore;
let projectors: Projectors;

beforeAll(async () => {
  db = await createTestDatabase();
  eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const commands = createCommandBus({ eventStore });
  await commands.registerBrand('Aurora', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of ['aurora-uk', 'aurora-uk-2']) {
    await commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  }
  await commands.grantPermission({ email: 'ada@x.test', permissionLevel: 'admin', brandIds: [1] }, systemActor);
  // The app keeps running throughout: its projectors follow the log while the check reads it.
  projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50 },
  });
  await projectors.waitForIdle();
});
afterAll(async () => {
  await projectors.stop();
  await eventStore.close();
  await db.drop();
});

describe('pnpm replay --verify', () => {
  it('should rebuild every read model beside the live ones and find no difference when all is well', async () => {
    const checks = await verifyReplay(db.pool, db.url);
    expect(checks.map((c) => c.projection)).toEqual(projections.map((p) => p.name));
    expect(checks.flatMap((c) => c.differences)).toEqual([]);
    expect(checks.find((c) => c.projection === 'locations')?.rows).toBe(4);
  });

  it('should name the table and the row of a live read-model row that was altered or removed', async () => {
    await db.pool.query(`UPDATE rm.stores SET name = 'Tampered' WHERE id = 2`);
    await db.pool.query(`DELETE FROM rm.brands WHERE id = 1`);
    const differences = (await verifyReplay(db.pool, db.url)).flatMap((c) => c.differences);
    expect(differences).toEqual([
      { table: 'rm.brands', key: '[1]', difference: 'missing from the live table' },
      { table: 'rm.stores', key: '[2]', difference: 'differs' },
    ]);
  });

  it('should change nothing: the live rows stay as they were, and no scratch database is left', async () => {
    const { rows } = await db.pool.query<{ name: string }>('SELECT name FROM rm.stores WHERE id = 2');
    expect(rows[0]?.name).toBe('Tampered');
    const left = await db.pool.query(`SELECT datname FROM pg_database WHERE datname LIKE 'replay_verify_%'`);
    expect(left.rows).toEqual([]);
  });
});

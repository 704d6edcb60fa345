import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { createTestDatabase } from '@dm/postgres/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStores } from './demo-world';
import { seedDemoWorld } from './seed';
import { seedOnEmptyLog } from './seed-once';

const db = await createTestDatabase();
const eventStore = createPostgresEventStore({ pool: db.pool });
const commands = createCommandBus({ eventStore });
beforeAll(async () => {
  // Someone added a region first: the seed must not assume the ids it gets.
  await commands.createRegion({ code: 'LATAM', name: 'Latin America' }, systemActor);
});
afterAll(async () => {
  await eventStore.close();
  await db.drop();
});

describe('When the demo world is seeded', () => {
  it('should create every demo store in its country and region, and change nothing on a second run', async () => {
    await seedDemoWorld(commands);
    const state = await commands.readLocations();
    const stores = [...state.stores.values()];
    expect(stores.map((s) => s.urlSlug)).toEqual(demoStores.map((s) => s.slug));
    for (const demo of demoStores) {
      const store = stores.find((s) => s.urlSlug === demo.slug)!;
      const country = state.countries.get(store.countryId)!;
      expect(country.code).toBe(demo.countryCode);
      expect(state.regions.get(country.regionId)?.code).toBe(demo.regionCode);
    }
    expect(stores.find((s) => s.urlSlug === 'aurora-uk')?.name).toBe('Aurora GB');

    const before = (await db.pool.query('SELECT count(*)::int AS n FROM es.events')).rows[0] as { n: number };
    const second = await seedDemoWorld(commands);
    expect(second.created).toBe(0);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM es.events')).rows[0]).toEqual(before);
  });
});

describe('When the demo seed cannot finish on an empty log', () => {
  it('should say why, let the start go on, and leave the log alone on the next start', async () => {
    const fresh = await createTestDatabase();
    const store = createPostgresEventStore({ pool: fresh.pool });
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    try {
      // No store has a token here, so the catalog part of the seed is refused.
      const noTokens = createCommandBus({ eventStore: store, hasShopifyToken: () => false });
      expect(await seedOnEmptyLog({ eventStore: store, commands: noTokens, catalog: true, logger })).toBe('failed');
      expect(lines.join('')).toContain('is not connected to Shopify yet');
      expect((await noTokens.readLocations()).stores.size).toBe(demoStores.length);
      expect(await seedOnEmptyLog({ eventStore: store, commands: noTokens, catalog: true, logger })).toBe('not-empty');
    } finally {
      await store.close();
      await fresh.drop();
    }
  });
});

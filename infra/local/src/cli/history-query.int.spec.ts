import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { locationsStream } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHistory, stateOfStream } from './history-query';

let db: TestDatabase;
let eventStore: EventStore;
let beforeRemovals: Date;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Two regions, a country, three stores; then a region is deleted and a store deactivated. */
beforeAll(async () => {
  db = await createTestDatabase();
  eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const commands = createCommandBus({ eventStore });
  await commands.registerBrand('Aurora', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createRegion({ code: 'NA', name: 'North America' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of ['aurora-uk', 'aurora-uk-2', 'aurora-uk-3']) {
    await commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  }
  // The store stamps events with the real clock: a moment strictly between the two halves of the script.
  await pause();
  beforeRemovals = new Date();
  await pause();
  await commands.deleteRegion(2, systemActor);
  await commands.setStoreActive({ storeId: 2, isActive: false }, systemActor);
});
afterAll(async () => {
  await eventStore.close();
  await db.drop();
});

const locationsAt = async (at: Date | null) => {
  const rows = await findHistory(db.pool, { stream: locationsStream(), actor: null, at, since: null, limit: 50 });
  return stateOfStream(locationsStream(), rows) as {
    regions: Record<string, { name: string }>;
    stores: Record<string, { urlSlug: string; isActive: boolean }>;
  };
};

describe('pnpm history --stream … --at', () => {
  it('should fold the stream per entity with its decider: every store, not one merged object', async () => {
    const then = await locationsAt(beforeRemovals);
    expect(Object.values(then.stores).map((s) => [s.urlSlug, s.isActive])).toEqual([
      ['aurora-uk', true],
      ['aurora-uk-2', true],
      ['aurora-uk-3', true],
    ]);
    expect(Object.values(then.regions).map((r) => r.name)).toEqual(['Europe', 'North America']);
  });

  it("should fold a prefix of the stream when a writer's clock ran ahead of the next one", async () => {
    let clock = new Date('2030-01-01T10:05:00Z');
    const skewed = createPostgresEventStore({ pool: db.pool, now: () => clock });
    const stream = 'brands';
    const before = (await findHistory(db.pool, { stream, actor: null, at: null, since: null, limit: 50 })).length;
    const commands = createCommandBus({ eventStore: skewed });
    await commands.registerBrand('Ahead', systemActor);
    clock = new Date('2030-01-01T10:01:00Z');
    await commands.registerBrand('Right', systemActor);
    const at = new Date('2030-01-01T10:02:00Z');
    const rows = await findHistory(db.pool, { stream, actor: null, at, since: null, limit: 50 });
    // 'Right' was recorded by 10:02 and comes after 'Ahead' in the stream: both, never 'Right' alone.
    expect(rows.length).toBe(before + 2);
    await skewed.close();
  });

  it('should honour removals and changes made after that time only when asked about later', async () => {
    const now = await locationsAt(null);
    expect(Object.values(now.regions).map((r) => r.name)).toEqual(['Europe']);
    expect(now.stores['2']?.isActive).toBe(false);
  });

  it('should say so for a stream no decider folds', () => {
    expect(stateOfStream('some-stream', [])).toBeNull();
  });
});

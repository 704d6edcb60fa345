import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import type { LocationEvent } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAll, startProjectors } from '../../index';
import { locationsProjection } from './projection';

const logger = pino({ level: 'silent' });
const at = '2026-01-15T10:00:00.000Z';
const events: LocationEvent[] = [
  { type: 'RegionCreated', data: { regionId: 1, code: 'EU', name: 'Europe', createdAt: at } },
  { type: 'RegionCreated', data: { regionId: 2, code: 'NA', name: 'North', createdAt: at } },
  { type: 'RegionUpdated', data: { regionId: 2, code: 'NA', name: 'North America', updatedAt: at } },
  { type: 'CountryCreated', data: { countryId: 1, code: 'GB', name: 'UK', regionId: 1, createdAt: at } },
  { type: 'CountryUpdated', data: { countryId: 1, code: 'GB', name: 'United Kingdom', regionId: 1, updatedAt: at } },
  { type: 'CountryCreated', data: { countryId: 2, code: 'FR', name: 'France', regionId: 1, createdAt: at } },
  { type: 'CountryDeleted', data: { countryId: 2, deletedAt: at } },
  { type: 'RegionCreated', data: { regionId: 3, code: 'XX', name: 'Gone', createdAt: at } },
  { type: 'RegionDeleted', data: { regionId: 3, deletedAt: at } },
  {
    type: 'StoreCreated',
    data: {
      storeId: 1,
      name: 'Aurora GB',
      urlSlug: 'aurora-uk',
      shopifyDomain: 'aurora-uk.myshopify.com',
      brandId: 1,
      countryId: 1,
      createdAt: at,
    },
  },
  { type: 'StoreDeactivated', data: { storeId: 1, deactivatedAt: at } },
  { type: 'StoreActivated', data: { storeId: 1, activatedAt: at } },
  { type: 'StoreDeactivated', data: { storeId: 1, deactivatedAt: at } },
  { type: 'CountryCreated', data: { countryId: 3, code: 'IE', name: 'Ireland', regionId: 1, createdAt: at } },
  { type: 'StoreMoved', data: { storeId: 1, countryId: 3, movedAt: at } },
];

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  await store.append(
    'locations',
    events.map((e) => ({ type: e.type, data: e.data })),
    { expected: 'no_stream' },
  );
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const snapshot = async () => ({
  regions: (await db.pool.query('SELECT * FROM rm.regions ORDER BY id')).rows,
  countries: (await db.pool.query('SELECT * FROM rm.countries ORDER BY id')).rows,
  stores: (await db.pool.query('SELECT * FROM rm.stores ORDER BY id')).rows,
});

describe('When the locations stream is projected', () => {
  it('should hold the latest state of every region, country and store, and the same after a rebuild', async () => {
    const projectors = startProjectors({
      pool: db.pool,
      eventStore: store,
      projections: [locationsProjection],
      reactors: [],
      logger,
    });
    await projectors.waitForIdle();
    await projectors.stop();
    const live = await snapshot();
    expect(live).toEqual({
      regions: [
        { id: 1, code: 'EU', name: 'Europe' },
        { id: 2, code: 'NA', name: 'North America' },
      ],
      countries: [
        { id: 1, code: 'GB', name: 'United Kingdom', region_id: 1 },
        { id: 3, code: 'IE', name: 'Ireland', region_id: 1 },
      ],
      stores: [
        {
          id: 1,
          name: 'Aurora GB',
          url_slug: 'aurora-uk',
          shopify_domain: 'aurora-uk.myshopify.com',
          brand_id: 1,
          country_id: 3,
          is_active: false,
        },
      ],
    });
    await rebuildAll({ pool: db.pool, eventStore: store, projections: [locationsProjection], logger });
    expect(await snapshot()).toEqual(live);
  });
});

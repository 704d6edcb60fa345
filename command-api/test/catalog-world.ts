import { createPostgresEventStore } from '@dm/event-store';
import { createTestDatabase } from '@dm/postgres/testing';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { systemActor } from '../src/command-bus';
import { publicUrl, signInWith } from './build-app';

/** Emulated shops: two Aurora stores share SKUs, one more Aurora store for faults, one Borealis store. */
const shops = [
  { slug: 'aurora-uk', brandId: 1, countryCode: 'GB' },
  { slug: 'aurora-de', brandId: 1, countryCode: 'DE' },
  { slug: 'aurora-us', brandId: 1, countryCode: 'US' },
  { slug: 'borealis-uk', brandId: 2, countryCode: 'GB' },
];

/**
 * The real command API, the real projectors with the catalog reactor, and the Shopify emulator over HTTP.
 * `aurora-fr` exists as a store but has no token; pages of 5 products let a fault land mid-import.
 */
export const buildCatalogWorld = async (options: { importWaitMs?: number } = {}) => {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const emulator = await startShopifyEmulator({ port: 0, shops, codesPerShop: 0 });
  const shopify = createShopifyAdapter({
    stores: shops.map((s) => ({
      slug: s.slug,
      domain: shopDomainOf(s.slug),
      token: emulator.tokens[s.slug] ?? null,
      // The emulator's discount Function in each shop, so a discount created here deploys.
      functionId: emulator.functionIds[s.slug] ?? null,
    })),
    emulatorUrl: emulator.url,
    policy: { maxAttempts: 2, minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 },
    logger: pino({ level: 'silent' }),
  });
  const app = await buildApp({
    db: db.pool,
    publicUrl,
    eventStore,
    logLevel: 'silent',
    hasShopifyToken: (slug) => slug in emulator.tokens,
    ...(options.importWaitMs === undefined ? {} : { importWaitMs: options.importWaitMs }),
  });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    // With the database, the deployment reactors too: a discount created here deploys to the emulator.
    reactors: createReactors({ shopify, eventStore, db: db.pool, catalogPageSize: 5 }),
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50, effectBackoff: () => 5 },
  });

  const c = app.commands;
  await c.registerBrand('Aurora');
  await c.registerBrand('Borealis');
  await c.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  const stores: Record<string, number> = {};
  for (const [slug, brandId, brandName, code] of [
    ['aurora-uk', 1, 'Aurora', 'GB'],
    ['aurora-de', 1, 'Aurora', 'DE'],
    ['aurora-us', 1, 'Aurora', 'US'],
    ['aurora-fr', 1, 'Aurora', 'FR'],
    ['borealis-uk', 2, 'Borealis', 'GB'],
  ] as const) {
    const locations = await c.readLocations();
    let country = [...locations.countries.values()].find((x) => x.code === code);
    if (!country) {
      await c.createCountry({ code, name: code, regionId: 1 }, systemActor);
      country = [...(await c.readLocations()).countries.values()].find((x) => x.code === code)!;
    }
    await c.createStore({ urlSlug: slug, brandId, brandName, countryId: country.id }, systemActor);
    stores[slug] = [...(await c.readLocations()).stores.values()].find((s) => s.urlSlug === slug)!.id;
  }
  await projectors.waitForIdle();

  const signIn = signInWith(app, db.pool, projectors);

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`, params)).rows[0]!.n);

  const close = async () => {
    await projectors.stop();
    await app.close();
    await eventStore.close();
    await emulator.stop();
    await db.drop();
  };
  return { app, db, eventStore, emulator, projectors, stores, signIn, count, close };
};

export type CatalogWorld = Awaited<ReturnType<typeof buildCatalogWorld>>;

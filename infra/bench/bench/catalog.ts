// `pnpm bench catalog`: a 20,000-product catalog across 5 stores imported through the real path
// (command → reactor → Shopify adapter → emulator → events → projections), then the list endpoints.
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { createReactors, projections, startProjectors } from '@dm/projectors';
import { createShopifyAdapter, shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import pino from 'pino';
import { figure, reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';
import { measureListEndpoints } from './lib/catalog-lists';

const stores = 5;
const productsPerStore = Number(process.env.BENCH_PRODUCTS_PER_STORE ?? 4000);
const logger = pino({ level: 'warn' });
// A bucket large enough that Shopify's pacing does not decide the figure: this measures our pipeline.
const bucket = { maximumAvailable: 1_000_000, restoreRate: 1_000_000 };
const shops = Array.from({ length: stores }, (_, i) => ({ slug: `bench-${i + 1}`, brandId: 1, countryCode: `C${String.fromCharCode(65 + i)}` }));

const db = await startBenchDatabase();
const emulator = await startShopifyEmulator({ shops, codesPerShop: 0, bucket, extraProductsPerShop: productsPerStore - 16, logger });
const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url, upcast: chainUpcasters(upcasters) });
const adapter = createShopifyAdapter({
  stores: shops.map((s) => ({ slug: s.slug, domain: shopDomainOf(s.slug), token: emulator.tokens[s.slug] ?? null })),
  emulatorUrl: emulator.url,
  logger,
});
const commands = createCommandBus({ eventStore, hasShopifyToken: (slug) => slug in emulator.tokens, importWaitMs: 600_000 });
const figures: Figure[] = [];
const projectors = startProjectors({
  pool: db.pool,
  eventStore,
  projections,
  reactors: createReactors({ shopify: adapter, eventStore }),
  logger,
});
try {
  // Baseline: the same pages fetched through the adapter, without recording anything.
  let fetched = 0;
  const fetchStarted = performance.now();
  for (const shop of shops) {
    const lookup = adapter.store(shop.slug);
    if (!lookup.ok) throw lookup.error;
    for await (const page of lookup.store.importProductsWithVariants()) fetched += page.length;
  }
  const fetchRate = fetched / ((performance.now() - fetchStarted) / 1000);

  await commands.registerBrand('Bench', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  const regionId = [...(await commands.readLocations()).regions.values()][0]!.id;
  for (const [i, shop] of shops.entries()) {
    await commands.createCountry({ code: `C${String.fromCharCode(65 + i)}`, name: `Country ${i}`, regionId }, systemActor);
    const country = [...(await commands.readLocations()).countries.values()].at(-1)!;
    await commands.createStore({ urlSlug: shop.slug, brandId: 1, brandName: 'Bench', countryId: country.id }, systemActor);
  }
  await projectors.waitForIdle();

  console.log(`importing ${stores} × ${productsPerStore} products…`);
  const started = performance.now();
  let imported = 0;
  for (const store of (await commands.readLocations()).stores.values()) {
    const { outcome } = await commands.importCatalog({ kind: 'products', brandId: 1, storeId: store.id }, systemActor);
    if (!outcome.finished || outcome.result.error) throw new Error(`import of ${store.urlSlug} did not finish cleanly`);
    imported += outcome.result.imported;
  }
  await projectors.waitForIdle(); // imported means projected too: the lists show them
  const importRate = imported / ((performance.now() - started) / 1000);
  for (const store of (await commands.readLocations()).stores.values()) {
    await commands.importCatalog({ kind: 'collections', brandId: 1, storeId: store.id }, systemActor);
  }
  // A quarter of the catalog available for discounts, as staff would have marked it.
  const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM rm.catalog_products WHERE brand_id = 1 ORDER BY id');
  const ids = rows.filter((_, i) => i % 4 === 0).map((r) => r.id);
  await commands.markCatalogItems({ brandId: 1, itemKind: 'product', itemIds: ids, foundIds: ids }, true, systemActor);
  await projectors.waitForIdle();
  figures.push(
    figure({
      name: `import ${imported} products (${stores} stores), recorded and projected`,
      value: importRate,
      unit: 'products/s',
      baseline: fetchRate,
      target: 'reported (baseline: the same pages fetched without recording)',
      met: imported === stores * productsPerStore,
    }),
  );
  let flip = true;
  const changeCatalog = async () => {
    const one = ids.slice(0, 1);
    await commands.markCatalogItems({ brandId: 1, itemKind: 'product', itemIds: one, foundIds: one }, (flip = !flip), systemActor);
    await projectors.waitForIdle();
  };
  figures.push(...(await measureListEndpoints(db.pool, 1, changeCatalog)));
  reportBench('catalog', figures);
} finally {
  await projectors.stop();
  await eventStore.close();
  await emulator.stop();
  await db.stop();
}

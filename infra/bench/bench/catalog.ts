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
import { listEndpoints, measureListEndpoints, type CatalogChanges } from './lib/catalog-lists';

const stores = 5;
const productsPerStore = Number(process.env.BENCH_PRODUCTS_PER_STORE ?? 4000);
const logger = pino({ level: 'warn' });
// A bucket large enough that Shopify's pacing does not decide the figure: this measures our pipeline.
const bucket = { maximumAvailable: 1_000_000, restoreRate: 1_000_000 };
const shops = Array.from({ length: stores }, (_, i) => ({
  slug: `bench-${i + 1}`,
  brandId: 1,
  countryCode: `C${String.fromCharCode(65 + i)}`,
}));

const db = await startBenchDatabase();
const emulator = await startShopifyEmulator({
  shops,
  codesPerShop: 0,
  bucket,
  extraProductsPerShop: productsPerStore - 16,
  logger,
});
const eventStore = createPostgresEventStore({
  pool: db.pool,
  connectionString: db.url,
  upcast: chainUpcasters(upcasters),
});
const adapter = createShopifyAdapter({
  stores: shops.map((s) => ({ slug: s.slug, domain: shopDomainOf(s.slug), token: emulator.tokens[s.slug] ?? null })),
  emulatorUrl: emulator.url,
  logger,
});
const commands = createCommandBus({
  eventStore,
  hasShopifyToken: (slug) => slug in emulator.tokens,
  importWaitMs: 600_000,
});
const figures: Figure[] = [];

/** Each change undoes the one before, so the catalog moves back and forth around what was measured. */
const catalogChanges = (
  productIds: readonly string[],
  collectionIds: readonly string[],
  pair: readonly [string, string],
): CatalogChanges => {
  const toggleMark = (itemKind: 'product' | 'collection', id: string) => {
    let marked = true;
    return async () => {
      marked = !marked;
      await commands.markCatalogItems({ brandId: 1, itemKind, itemIds: [id], foundIds: [id] }, marked, systemActor);
      await projectors.waitForIdle();
    };
  };
  const [sourceId, targetId] = pair;
  let linkId: string | null = null;
  const toggleLink = async () => {
    if (linkId) {
      const link = { linkId, brandId: 1, linkType: 'manual' as const, sourceId, targetId };
      await commands.removeCatalogLink({ itemKind: 'product', link }, systemActor);
      linkId = null;
    } else {
      const data = {
        brandId: 1,
        itemKind: 'product' as const,
        sourceId,
        targetId,
        foundIds: [sourceId, targetId],
        alreadyLinked: false,
      };
      const { events } = await commands.linkCatalogItems(data, systemActor);
      const linked = events.find((e) => e.type === 'CatalogItemsLinked');
      if (!linked) throw new Error('the bench link was refused');
      linkId = linked.data.linkId;
    }
    await projectors.waitForIdle();
  };
  return {
    product: toggleMark('product', productIds[0]!),
    collection: toggleMark('collection', collectionIds[0]!),
    productLink: toggleLink,
  };
};
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
    await commands.createCountry(
      { code: `C${String.fromCharCode(65 + i)}`, name: `Country ${i}`, regionId },
      systemActor,
    );
    const country = [...(await commands.readLocations()).countries.values()].at(-1)!;
    await commands.createStore(
      { urlSlug: shop.slug, brandId: 1, brandName: 'Bench', countryId: country.id },
      systemActor,
    );
  }
  await projectors.waitForIdle();

  console.log(`importing ${stores} × ${productsPerStore} products…`);
  const started = performance.now();
  let imported = 0;
  for (const store of (await commands.readLocations()).stores.values()) {
    const { outcome } = await commands.importCatalog({ kind: 'products', brandId: 1, storeId: store.id }, systemActor);
    if (!outcome.finished || outcome.result.error) throw new Error(`import of ${store.urlSlug} did not finish cleanly`);
    if (outcome.result.imported !== productsPerStore)
      throw new Error(`import of ${store.urlSlug}: ${outcome.result.imported} products`);
    imported += outcome.result.imported;
  }
  await projectors.waitForIdle(); // imported means projected too: the lists show them
  const importRate = imported / ((performance.now() - started) / 1000);
  for (const store of (await commands.readLocations()).stores.values()) {
    await commands.importCatalog({ kind: 'collections', brandId: 1, storeId: store.id }, systemActor);
  }
  // A quarter of the catalog available for discounts, as staff would have marked it.
  const quarterOf = async (table: string) =>
    (await db.pool.query<{ id: string }>(`SELECT id FROM ${table} WHERE brand_id = 1 ORDER BY id`)).rows
      .filter((_, i) => i % 4 === 0)
      .map((r) => r.id);
  const [productIds, collectionIds] = [
    await quarterOf('rm.catalog_products'),
    await quarterOf('rm.catalog_collections'),
  ];
  await commands.markCatalogItems(
    { brandId: 1, itemKind: 'product', itemIds: productIds, foundIds: productIds },
    true,
    systemActor,
  );
  await commands.markCatalogItems(
    { brandId: 1, itemKind: 'collection', itemIds: collectionIds, foundIds: collectionIds },
    true,
    systemActor,
  );
  await projectors.waitForIdle();
  figures.push(
    figure({
      name: `import ${imported} products (${stores} stores), recorded and projected`,
      value: importRate,
      unit: 'products/s',
      baseline: fetchRate,
      target: null, // reported; the baseline is the same pages fetched without recording
    }),
  );
  // Two products that no link joins yet: a manual link between them is new each time it is made.
  const { rows: pairs } = await db.pool.query<{ a: string; b: string }>(
    `SELECT a.id AS a, b.id AS b FROM rm.catalog_products a JOIN rm.catalog_products b ON b.store_id = a.store_id AND b.id > a.id
     WHERE a.brand_id = 1 AND NOT EXISTS (SELECT FROM rm.catalog_links l WHERE l.item_kind = 'product'
       AND least(l.source_id, l.target_id) = a.id AND greatest(l.source_id, l.target_id) = b.id) LIMIT 1`,
  );
  const changes = catalogChanges(productIds, collectionIds, [pairs[0]!.a, pairs[0]!.b]);
  figures.push(...(await measureListEndpoints(db.pool, 1, listEndpoints(changes))));
  reportBench('catalog', figures);
} finally {
  await projectors.stop();
  await eventStore.close();
  await emulator.stop();
  await db.stop();
}

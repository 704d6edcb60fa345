import { discountStream, storeCatalogStream } from '@dm/events';
import { createSession } from '@dm/server-kit';
import { systemActor } from '../src/command-bus';
import { buildTestApp, publicUrl } from './build-app';

/** Catalog items of the discount tests, by name; the DE shirt shares the UK shirt's SKU, so the two are linked. */
export const item = {
  shirtUk: '10000000-0000-4000-8000-000000000001',
  shirtDe: '10000000-0000-4000-8000-000000000002',
  scarf: '10000000-0000-4000-8000-000000000003',
  hat: '10000000-0000-4000-8000-000000000004',
  picks: '20000000-0000-4000-8000-000000000001',
  boot: '30000000-0000-4000-8000-000000000001',
} as const;

const importId = '90000000-0000-4000-8000-000000000001';
const at = '2026-01-01T00:00:00.000Z';

/**
 * The real command API on its own database with the real projections (no reactors: deployments stay as the write
 * side leaves them). Aurora has stores GB, DE, FR (inactive); Borealis has GB. The catalog is recorded as the
 * import reactor records it and marked through the command bus: every item marked except the scarf and the DE
 * shirt (available through its link to the UK shirt).
 */
export const buildDiscountWorld = async (options: Parameters<typeof buildTestApp>[0] = {}) => {
  const t = await buildTestApp(options);
  const c = t.app.commands;
  await t.seedBrands('Aurora', 'Borealis');
  await c.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  const stores: Record<string, number> = {};
  for (const [slug, brandId, brandName, code] of [
    ['aurora-uk', 1, 'Aurora', 'GB'],
    ['aurora-de', 1, 'Aurora', 'DE'],
    ['aurora-fr', 1, 'Aurora', 'FR'],
    ['borealis-uk', 2, 'Borealis', 'GB'],
  ] as const) {
    let country = [...(await c.readLocations()).countries.values()].find((x) => x.code === code);
    if (!country) {
      await c.createCountry({ code, name: code, regionId: 1 }, systemActor);
      country = [...(await c.readLocations()).countries.values()].find((x) => x.code === code)!;
    }
    await c.createStore({ urlSlug: slug, brandId, brandName, countryId: country.id }, systemActor);
    stores[slug] = [...(await c.readLocations()).stores.values()].find((s) => s.urlSlug === slug)!.id;
  }
  await c.setStoreActive({ storeId: stores['aurora-fr']!, isActive: false }, systemActor);

  const product = (storeId: number, brandId: number, productId: string, title: string, sku: string) => ({
    type: 'StoreProductImported',
    data: {
      storeId,
      brandId,
      productId,
      shopifyProductId: `gid://shopify/Product/${productId.slice(-4)}`,
      title,
      handle: title.toLowerCase().replaceAll(' ', '-'),
      status: 'ACTIVE',
      variants: [{ id: `gid://shopify/ProductVariant/${productId.slice(-4)}`, title: 'Default', sku }],
      hash: productId,
      importId,
      importedAt: at,
    },
  });
  const uk = stores['aurora-uk']!;
  await t.eventStore.append(
    storeCatalogStream(uk),
    [
      product(uk, 1, item.shirtUk, 'Linen Shirt', 'LS-1'),
      product(uk, 1, item.scarf, 'Wool Scarf', 'WS-1'),
      product(uk, 1, item.hat, 'Sun Hat', 'SH-1'),
      {
        type: 'StoreCollectionImported',
        data: {
          storeId: uk,
          brandId: 1,
          collectionId: item.picks,
          shopifyCollectionId: 'gid://shopify/Collection/1',
          title: 'Summer Picks',
          handle: 'summer-picks',
          productsCount: 2,
          hash: item.picks,
          importId,
          importedAt: at,
        },
      },
    ],
    { expected: 'no_stream' },
  );
  const de = stores['aurora-de']!;
  await t.eventStore.append(storeCatalogStream(de), [product(de, 1, item.shirtDe, 'Linen Shirt', 'LS-1')], {
    expected: 'no_stream',
  });
  const bo = stores['borealis-uk']!;
  await t.eventStore.append(storeCatalogStream(bo), [product(bo, 2, item.boot, 'Borealis Boot', 'BB-1')], {
    expected: 'no_stream',
  });
  const mark = (brandId: number, itemKind: 'product' | 'collection', itemIds: string[]) =>
    c.markCatalogItems({ brandId, itemKind, itemIds, foundIds: itemIds }, true, systemActor);
  await mark(1, 'product', [item.shirtUk, item.hat]);
  await mark(1, 'collection', [item.picks]);
  await mark(2, 'product', [item.boot]);
  await t.projectors.waitForIdle();

  /** A signed-in person whose session carries a name (recorded as the discount's creator). */
  const signInNamed = async (email: string, brandIds: number[], firstName: string, lastName: string) => {
    await t.signIn(email, 'admin', brandIds);
    const token = await createSession(t.db.pool, {
      email,
      userId: `user-${email}`,
      firstName,
      lastName,
      profileImageUrl: null,
      idToken: null,
    });
    return { cookie: `dm_session=${token}`, origin: publicUrl };
  };

  /** A multi discount of Aurora on GB and DE: 10% off the Sun Hat. */
  const createHatDiscount = async (headers: { cookie: string; origin: string }, name: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers,
      payload: {
        name,
        discountType: 'multi',
        brandId: 1,
        storeIds: [stores['aurora-uk'], stores['aurora-de']],
        multiConfig: {
          discounts: [{ target: { type: 'product', id: item.hat, name: 'Sun Hat' }, kind: 'percentage', amount: '10' }],
        },
      },
    });
    return response.json<{ id: string }>().id;
  };

  /** What the deployment reactor records (this world runs no reactors, so the log is written as it would be). */
  const recordDeployed = async (discountId: string, storeId: number) => {
    const stream = await t.eventStore.readStream(discountStream(discountId));
    const deployedAt = new Date().toISOString();
    const shopifyDiscountId = `gid://shopify/DiscountCodeNode/${storeId}`;
    await t.eventStore.append(
      discountStream(discountId),
      [
        {
          type: 'DiscountDeployed',
          data: { discountId, storeId, shopifyDiscountId, code: 'X', attempt: 1, deployedAt },
        },
      ],
      { expected: stream.at(-1)!.streamVersion },
    );
  };

  return { ...t, stores, signInNamed, createHatDiscount, recordDeployed };
};

export type DiscountTestWorld = Awaited<ReturnType<typeof buildDiscountWorld>>;

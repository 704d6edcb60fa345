import { createHash } from 'node:crypto';
import { seedCatalog } from './seed-catalog';
import { seedDiscounts } from './seed-discounts';
import type { ShopIdentity } from './shop-state';
import type { ShopSnapshot } from './types';

export interface DemoShopConfig {
  readonly slug: string;
  readonly brandId: number;
  readonly countryCode: string;
}

const currencies: Record<string, string> = { GB: 'GBP', US: 'USD', CA: 'CAD', AU: 'AUD', CH: 'CHF', SE: 'SEK' };
const priceFactors: Record<string, number> = { GBP: 1, USD: 1.25, EUR: 1.15 };

/** A stable UUID-like Function id per shop (ARCHITECTURE §4: the Function id per store is configuration). */
export const functionIdOf = (slug: string): string => {
  const h = createHash('sha256').update(`dm-function:${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const identityOf = (shop: DemoShopConfig): ShopIdentity => ({
  slug: shop.slug,
  brandId: shop.brandId,
  countryCode: shop.countryCode,
  currencyCode: currencies[shop.countryCode] ?? 'EUR',
  functionIds: [functionIdOf(shop.slug)],
});

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The demo data of one shop, the same on every run: slugs, SKUs and codes are derived, never random. */
export const seedShop = (
  shop: DemoShopConfig,
  codesPerShop: number,
  hugeCodes: number,
  extraProducts = 0,
): ShopSnapshot => {
  let nextId = 1001;
  const newId = () => nextId++;
  const newIds = (count: number) => {
    const first = nextId;
    nextId += count;
    return first;
  };
  const brandWord = shop.slug.split('-')[0] ?? `brand${shop.brandId}`;
  const identity = identityOf(shop);
  const catalog = seedCatalog(
    titleCase(brandWord),
    brandWord.slice(0, 3).toUpperCase(),
    shop.countryCode,
    priceFactors[identity.currencyCode] ?? 1,
    newId,
    extraProducts,
  );
  const discounts = seedDiscounts(catalog, {
    slug: shop.slug,
    functionId: identity.functionIds[0]!,
    codesPerShop,
    hugeCodes,
    newId,
    newIds,
  });
  return { version: 1, nextId, discounts, ...catalog };
};

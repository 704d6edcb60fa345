import type { PermissionLevel } from '@dm/events';

/**
 * The demo world (ARCHITECTURE §4): the one fixture module used by the seed (through commands) and by the
 * Shopify emulator (its demo shops), so that slugs and names agree everywhere. Later issues extend it.
 */
export interface DemoBrand {
  readonly id: number;
  readonly name: string;
}

export interface DemoAccount {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly permissionLevel: PermissionLevel;
  /** Brand ids this account may work with. */
  readonly brandIds: readonly number[];
}

export interface DemoStore {
  /** URL slug; the shop domain is `<slug>.myshopify.com` and the token variable `<SLUG>_SHOPIFY_TOKEN`. */
  readonly slug: string;
  readonly brandId: number;
  readonly countryCode: string;
  readonly countryName: string;
  readonly regionCode: string;
  readonly regionName: string;
}

export const demoPassword = 'demo';

export const demoBrands: readonly DemoBrand[] = [
  { id: 1, name: 'Aurora' },
  { id: 2, name: 'Borealis' },
];

const allBrands = demoBrands.map((b) => b.id);
const firstBrand = [demoBrands[0]!.id];

export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'super@demo.test',
    firstName: 'Sam',
    lastName: 'Super',
    permissionLevel: 'super_admin',
    brandIds: allBrands,
  },
  { email: 'admin@demo.test', firstName: 'Ada', lastName: 'Admin', permissionLevel: 'admin', brandIds: allBrands },
  {
    email: 'manager@demo.test',
    firstName: 'Max',
    lastName: 'Manager',
    permissionLevel: 'manager',
    brandIds: firstBrand,
  },
  { email: 'user@demo.test', firstName: 'Uma', lastName: 'User', permissionLevel: 'user', brandIds: firstBrand },
];

/** The emulator serves a shop for each; the seed creates them with their regions and countries. */
export const demoStores: readonly DemoStore[] = [
  {
    slug: 'aurora-uk',
    brandId: 1,
    countryCode: 'GB',
    countryName: 'United Kingdom',
    regionCode: 'EU',
    regionName: 'Europe',
  },
  { slug: 'aurora-de', brandId: 1, countryCode: 'DE', countryName: 'Germany', regionCode: 'EU', regionName: 'Europe' },
  {
    slug: 'aurora-us',
    brandId: 1,
    countryCode: 'US',
    countryName: 'United States',
    regionCode: 'NA',
    regionName: 'North America',
  },
  {
    slug: 'borealis-uk',
    brandId: 2,
    countryCode: 'GB',
    countryName: 'United Kingdom',
    regionCode: 'EU',
    regionName: 'Europe',
  },
  {
    slug: 'borealis-us',
    brandId: 2,
    countryCode: 'US',
    countryName: 'United States',
    regionCode: 'NA',
    regionName: 'North America',
  },
];

/** The regions and countries the demo stores sit in, each once, in first-seen order. */
export const demoRegions: readonly { code: string; name: string }[] = [
  ...new Map(demoStores.map((s) => [s.regionCode, { code: s.regionCode, name: s.regionName }])).values(),
];
export const demoCountries: readonly { code: string; name: string; regionCode: string }[] = [
  ...new Map(
    demoStores.map((s) => [s.countryCode, { code: s.countryCode, name: s.countryName, regionCode: s.regionCode }]),
  ).values(),
];

export { shopDomainOf, tokenVariableOf } from '@dm/events';

import { demoStores } from '../../src/demo-world';

/**
 * The 30 stores of the topology test, all of brand Aurora so that one discount can target every one: the three
 * demo Aurora stores and 27 more in the United Kingdom (the emulator seeds each with the brand's catalogue, the
 * same SKUs in every store, so the demo jacket is one product across all 30).
 */
export const topologyStores = [
  ...demoStores.filter((s) => s.brandId === 1),
  ...Array.from({ length: 27 }, (_, i) => ({
    slug: `aurora-t${String(i + 4).padStart(2, '0')}`,
    brandId: 1,
    countryCode: 'GB',
  })),
].map(({ slug, brandId, countryCode }) => ({ slug, brandId, countryCode }));

import type { StoreListItem } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { groupCountriesByRegion, groupStoresByBrand } from './group-by';

const aStore = (id: number, brandId: number): StoreListItem => ({
  id,
  name: `Store ${id}`,
  urlSlug: `store-${id}`,
  shopifyDomain: `store-${id}.myshopify.com`,
  brandId,
  countryId: 1,
  isActive: true,
  connected: true,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  regionCode: 'EU',
  regionName: 'Europe',
});

describe('groupStoresByBrand', () => {
  it("should group under the brand's name and fall back to 'Brand {id}'", () => {
    const groups = groupStoresByBrand([aStore(1, 1), aStore(2, 7), aStore(3, 1)], [{ id: 1, name: 'Aurora' }]);
    expect(groups.map((g) => [g.title, g.items.map((s) => s.id)])).toEqual([
      ['Aurora', [1, 3]],
      ['Brand 7', [2]],
    ]);
  });
});

describe('groupCountriesByRegion', () => {
  it('should group countries under their region name and code', () => {
    const country = (id: number, regionId: number, regionName: string) => ({
      id,
      code: 'X' + id,
      name: 'C',
      regionId,
      regionName,
      regionCode: regionName.slice(0, 2).toUpperCase(),
      storeCount: 0,
    });
    expect(
      groupCountriesByRegion([country(1, 2, 'North America'), country(2, 1, 'Europe')]).map((g) => g.title),
    ).toEqual(['Europe (EU)', 'North America (NO)']);
  });
});

import type { Brand, CountryListItem, StoreListItem } from '@dm/events/http';

export interface Group<T> {
  readonly key: number;
  readonly title: string;
  readonly items: readonly T[];
}

const groupBy = <T>(items: readonly T[], keyOf: (item: T) => number, titleOf: (item: T) => string): Group<T>[] => {
  const groups = new Map<number, { title: string; items: T[] }>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { title: titleOf(item), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => ({ key, ...group })).sort((a, b) => a.title.localeCompare(b.title));
};

/** Spec §2.6: stores under their brand's name, or 'Brand {id}' when the brand is not known to the caller. */
export const groupStoresByBrand = (stores: readonly StoreListItem[], brands: readonly Brand[]) => {
  const names = new Map(brands.map((b) => [b.id, b.name]));
  return groupBy(
    stores,
    (s) => s.brandId,
    (s) => names.get(s.brandId) ?? `Brand ${s.brandId}`,
  );
};

export const groupCountriesByRegion = (countries: readonly CountryListItem[]) =>
  groupBy(
    countries,
    (c) => c.regionId,
    (c) => `${c.regionName} (${c.regionCode})`,
  );

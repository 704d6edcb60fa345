import type { CatalogGroup, CatalogStoreRef } from '@dm/events/http';

export type { CatalogGroup };

/** The member that names a group on its card (the first in list order: the lowest title). */
export const leadOf = <T>(group: CatalogGroup<T>): T => group.members[0]!;

/** A group matches a search when any of its members does (another store may spell it differently). */
export const searchGroups =
  <T>(search: (items: readonly T[], query: string) => readonly T[]) =>
  (groups: readonly CatalogGroup<T>[], query: string): readonly CatalogGroup<T>[] =>
    query.trim() === '' ? groups : groups.filter((group) => search(group.members, query).length > 0);

/** Every member id of the given groups: what Unlink looks for links among. */
export const memberIdsOf = <T extends { id: string }>(groups: readonly CatalogGroup<T>[]): string[] =>
  groups.flatMap((group) => group.members.map((member) => member.id));

/** 'Aurora GB, Aurora DE and Aurora US'. */
export const storeList = (stores: readonly CatalogStoreRef[]): string => {
  const names = stores.map((s) => s.storeName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

export type MergedVariant = { key: string; title: string; sku: string | null; stores: CatalogStoreRef[] };

const skuKey = (sku: string) => sku.replace(/\s+/g, '').toUpperCase();
const titleKey = (title: string) => title.trim().toLowerCase();

/**
 * The variants of a group's members as one list (spec §2.7: variant title, SKU, stores). The members are one
 * product in several stores, so a variant is counted once however many stores carry it (issue 25: "2 variants"
 * counted store copies): the same SKU is the same variant; failing that, the same title in another store's copy
 * is (a copy without SKUs, or with its own SKUs, as after a manual link). Differing SKUs are all shown.
 */
export const mergeVariants = (
  members: readonly {
    storeId: number;
    storeName: string;
    variants: readonly { id: string; title: string; sku: string | null }[];
  }[],
): MergedVariant[] => {
  const merged: MergedVariant[] = [];
  const bySku = new Map<string, MergedVariant>();
  for (const member of members) {
    const store = { storeId: member.storeId, storeName: member.storeName };
    for (const variant of member.variants) {
      const found =
        (variant.sku ? bySku.get(skuKey(variant.sku)) : undefined) ??
        merged.find(
          (m) => titleKey(m.title) === titleKey(variant.title) && !m.stores.some((s) => s.storeId === store.storeId),
        );
      if (!found) {
        const fresh: MergedVariant = {
          key: `variant:${variant.id}`,
          title: variant.title,
          sku: variant.sku,
          stores: [store],
        };
        merged.push(fresh);
        if (variant.sku) bySku.set(skuKey(variant.sku), fresh);
        continue;
      }
      if (!found.stores.some((s) => s.storeId === store.storeId)) found.stores.push(store);
      if (variant.sku && !bySku.has(skuKey(variant.sku))) {
        bySku.set(skuKey(variant.sku), found);
        found.sku = found.sku ? `${found.sku}, ${variant.sku}` : variant.sku;
      }
    }
  }
  return merged;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Linking two collections that share neither a title nor a handle is probably a mistake: the screen asks
 * first, naming both (decision 0661).
 */
export const collectionsLookDifferent = (
  a: CatalogGroup<{ title: string; handle: string }>,
  b: CatalogGroup<{ title: string; handle: string }>,
): boolean => !a.members.some((x) => b.members.some((y) => same(x.title, y.title) || same(x.handle, y.handle)));

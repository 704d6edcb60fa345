import type { CatalogStoreRef } from './catalog';

/**
 * How catalog list items (one per store copy) make product groups (decision 0660). A group is the set of items
 * joined by links, automatic (shared SKU) or manual, directly or through other members: a connected component
 * of `linkedProductIds`/`linkedCollectionIds`. Its id is the lowest member id, so the same members always give
 * the same id; a link or unlink that changes the members may change it. Marks and unmarks of any member apply
 * to the whole group (the command API expands them), and a discount names a group by any of its member ids.
 */
export interface CatalogGroup<T> {
  /** The lowest member id (UUIDs compared as text). */
  readonly id: string;
  /** Every member, in list order: the first one names the group. */
  readonly members: readonly T[];
  /** Each store of the members once, in member order. */
  readonly stores: readonly CatalogStoreRef[];
  /** Every member is available for discount. */
  readonly isAvailableForDiscount: boolean;
  /** How many members are available for discount (a member that joined after the mark is not, until marked). */
  readonly availableCount: number;
}

type Groupable = { id: string; storeId: number; storeName: string; isAvailableForDiscount: boolean };

/**
 * Groups a list answer (`/api/products/all`, `/api/collections`) by its links, groups in the order of their
 * first member. Links to items not in `items` are ignored: from an available-only list (`/api/products`) a
 * group holds only its available members.
 */
export const groupCatalogItems = <T extends Groupable>(
  items: readonly T[],
  linkedIdsOf: (item: T) => readonly string[],
): CatalogGroup<T>[] => {
  const indexOf = new Map(items.map((item, i) => [item.id, i]));
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  items.forEach((item, i) => {
    for (const other of linkedIdsOf(item)) {
      const j = indexOf.get(other);
      if (j !== undefined) parent[root(j)] = root(i);
    }
  });
  const byRoot = new Map<number, T[]>();
  items.forEach((item, i) => {
    const r = root(i);
    const members = byRoot.get(r);
    if (members) members.push(item);
    else byRoot.set(r, [item]);
  });
  return [...byRoot.values()].map((members) => {
    const stores = new Map<number, CatalogStoreRef>();
    for (const m of members)
      if (!stores.has(m.storeId)) stores.set(m.storeId, { storeId: m.storeId, storeName: m.storeName });
    const availableCount = members.filter((m) => m.isAvailableForDiscount).length;
    return {
      id: members.reduce((low, m) => (m.id < low ? m.id : low), members[0]!.id),
      members,
      stores: [...stores.values()],
      isAvailableForDiscount: availableCount === members.length,
      availableCount,
    };
  });
};

export const groupProducts = <T extends Groupable & { linkedProductIds: readonly string[] }>(products: readonly T[]) =>
  groupCatalogItems(products, (p) => p.linkedProductIds);

export const groupCollections = <T extends Groupable & { linkedCollectionIds: readonly string[] }>(
  collections: readonly T[],
) => groupCatalogItems(collections, (c) => c.linkedCollectionIds);

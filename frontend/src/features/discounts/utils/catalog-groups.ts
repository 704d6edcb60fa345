import type { Collection, Product } from '@dm/events/http';

/** One choice in a picker: a product or collection group (its copies in the brand's stores). */
export type CatalogChoice = {
  /** The group's id: its lowest member id (a discount may name a group by any member). */
  id: string;
  label: string;
  /** SKU or handle, and the stores the group is in. */
  detail: string;
  /** Lower-case text searched: name and SKUs, or title and handles. */
  haystack: string;
};

/**
 * Groups list items by their links (the connected components of `linkedProductIds` / `linkedCollectionIds`),
 * the way the catalog screen shows them (decision 0660): one choice per group, named by its first member.
 */
const groupBy = <T extends { id: string; storeName: string }>(
  items: readonly T[],
  links: (item: T) => readonly string[],
) => {
  const index = new Map(items.map((item, i) => [item.id, i]));
  const parent = items.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  items.forEach((item, i) => {
    for (const other of links(item)) {
      const j = index.get(other);
      if (j !== undefined) parent[root(j)] = root(i);
    }
  });
  const groups = new Map<number, T[]>();
  items.forEach((item, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), item]));
  return [...groups.values()];
};

const storesOf = (members: readonly { storeName: string }[]) =>
  [...new Set(members.map((m) => m.storeName))].join(', ');
const lowestId = (members: readonly { id: string }[]) => members.map((m) => m.id).sort()[0] ?? '';

export const productChoices = (products: readonly Product[]): CatalogChoice[] =>
  groupBy(products, (p) => p.linkedProductIds).map((members) => {
    const first = members[0]!;
    const skus = [...new Set(members.map((m) => m.universalSku ?? m.sku).filter((s): s is string => !!s))];
    return {
      id: lowestId(members),
      label: first.name,
      detail: [skus.length ? `SKU ${skus.join(', ')}` : 'No SKU', storesOf(members)].join(' · '),
      haystack: [
        first.name,
        ...members.flatMap((m) => [m.sku ?? '', m.universalSku ?? '', ...m.variants.map((v) => v.sku ?? '')]),
      ]
        .join(' ')
        .toLowerCase(),
    };
  });

export const collectionChoices = (collections: readonly Collection[]): CatalogChoice[] =>
  groupBy(collections, (c) => c.linkedCollectionIds).map((members) => {
    const first = members[0]!;
    return {
      id: lowestId(members),
      label: first.title,
      detail: [first.handle, storesOf(members)].join(' · '),
      haystack: [first.title, ...members.map((m) => m.handle)].join(' ').toLowerCase(),
    };
  });

export const matching = (choices: readonly CatalogChoice[], search: string) => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 ? choices : choices.filter((c) => words.every((w) => c.haystack.includes(w)));
};

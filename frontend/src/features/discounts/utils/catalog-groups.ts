import { type Collection, groupCollections, groupProducts, type Product } from '@dm/events/http';

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

const storesOf = (stores: readonly { storeName: string }[]) => stores.map((s) => s.storeName).join(', ');

export const productChoices = (products: readonly Product[]): CatalogChoice[] =>
  groupProducts(products).map(({ id, members, stores }) => {
    const first = members[0]!;
    const skus = [...new Set(members.map((m) => m.universalSku ?? m.sku).filter((s): s is string => !!s))];
    return {
      id,
      label: first.name,
      detail: [skus.length ? `SKU ${skus.join(', ')}` : 'No SKU', storesOf(stores)].join(' · '),
      haystack: [
        first.name,
        ...members.flatMap((m) => [m.sku ?? '', m.universalSku ?? '', ...m.variants.map((v) => v.sku ?? '')]),
      ]
        .join(' ')
        .toLowerCase(),
    };
  });

export const collectionChoices = (collections: readonly Collection[]): CatalogChoice[] =>
  groupCollections(collections).map(({ id, members, stores }) => {
    const first = members[0]!;
    return {
      id,
      label: first.title,
      detail: [first.handle, storesOf(stores)].join(' · '),
      haystack: [first.title, ...members.map((m) => m.handle)].join(' ').toLowerCase(),
    };
  });

export const matching = (choices: readonly CatalogChoice[], search: string) => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 ? choices : choices.filter((c) => words.every((w) => c.haystack.includes(w)));
};

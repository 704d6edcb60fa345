type Fields<T> = (item: T) => readonly (string | null | undefined)[];

/** Items whose fields contain the query, case-insensitive; a blank query keeps everything. */
const filterBy = <T>(items: readonly T[], query: string, fields: Fields<T>): readonly T[] => {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => fields(item).some((value) => (value ?? '').toLowerCase().includes(needle)));
};

/** Spec §2.7: products are searched by name or universal SKU. */
export const filterProducts = <T extends { name: string; universalSku: string | null }>(
  items: readonly T[],
  query: string,
) => filterBy(items, query, (p) => [p.name, p.universalSku]);

/** Spec §2.7: collections are searched by title or handle. */
export const filterCollections = <T extends { title: string; handle: string }>(items: readonly T[], query: string) =>
  filterBy(items, query, (c) => [c.title, c.handle]);

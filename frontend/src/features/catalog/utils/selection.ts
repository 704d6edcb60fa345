/** Selections are immutable sets of item ids; every helper returns a new set. */
export type Selection = ReadonlySet<string>;

export const toggleSelected = (selected: Selection, id: string): Selection => {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** Select All of one group: adds every id of the group, or removes them all when `on` is false. */
export const setGroupSelected = (selected: Selection, ids: readonly string[], on: boolean): Selection => {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
};

export const isGroupSelected = (selected: Selection, ids: readonly string[]): boolean =>
  ids.length > 0 && ids.every((id) => selected.has(id));

/** The two sections of a tab (available or not), in list order. */
export const splitByAvailability = <T extends { isAvailableForDiscount: boolean }>(items: readonly T[]) => ({
  available: items.filter((item) => item.isAvailableForDiscount),
  unavailable: items.filter((item) => !item.isAvailableForDiscount),
});

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

/** Only the selected ids that are still listed (a refetch may have removed some). */
export const selectedAmong = (selected: Selection, ids: readonly string[]): string[] =>
  ids.filter((id) => selected.has(id));

/** Spec §5: a link joins exactly 2 items; anything else is refused with the spec's notice. */
export const linkPair = (
  selected: readonly string[],
  kind: 'products' | 'collections',
): { ok: true; pair: readonly [string, string] } | { ok: false; message: string } => {
  const [source, target] = selected;
  if (selected.length !== 2 || source === undefined || target === undefined)
    return { ok: false, message: `Please select exactly 2 ${kind} to link` };
  return { ok: true, pair: [source, target] };
};

/** The two groups of a tab, in list order. */
export const splitByAvailability = <T extends { isAvailableForDiscount: boolean }>(items: readonly T[]) => ({
  available: items.filter((item) => item.isAvailableForDiscount),
  unavailable: items.filter((item) => !item.isAvailableForDiscount),
});

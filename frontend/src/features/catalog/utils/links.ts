/** A link between two items of the same kind, named by its two ends. */
export type LinkEnds = { id: string; ends: readonly [string, string] };

/** The links that touch any of the given items (what Unlink removes). */
export const linksTouching = <T extends LinkEnds>(links: readonly T[], ids: readonly string[]): T[] => {
  const wanted = new Set(ids);
  return links.filter((link) => wanted.has(link.ends[0]) || wanted.has(link.ends[1]));
};

export const productLinkEnds = (link: { id: string; sourceProductId: string; targetProductId: string }): LinkEnds => ({
  id: link.id,
  ends: [link.sourceProductId, link.targetProductId],
});

export const collectionLinkEnds = (link: {
  id: string;
  sourceCollectionId: string;
  targetCollectionId: string;
}): LinkEnds => ({ id: link.id, ends: [link.sourceCollectionId, link.targetCollectionId] });

/** Spec §2.7: 'N stores' shows when the item is linked to more than one store. */
export const storeCountLabel = (storeCount: number): string | null => (storeCount > 1 ? `${storeCount} stores` : null);

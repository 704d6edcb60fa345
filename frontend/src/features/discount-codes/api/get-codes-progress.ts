import type { DiscountCode } from '@dm/events/http';
import { useQuery } from '@tanstack/react-query';
import { CODES_POLL_MS, getDiscountCodes } from './get-discount-codes';
import { discountCodesKeys } from './query-keys';

/** The read model's largest page. */
const PROGRESS_PAGE_SIZE = 200;

export type StoreProgress = { state: 'syncing' } | { state: 'live' } | { state: 'failed'; reason: string };

/**
 * Where the codes just added stand in each store, from the codes list (newest first, so they are on its first
 * pages): live once every one of them is live there; failed as soon as one is refused there.
 */
export const progressOf = (
  codes: readonly DiscountCode[],
  codeIds: readonly string[],
  storeId: number,
): StoreProgress => {
  const wanted = new Set(codeIds);
  const ours = codes.filter((c) => wanted.has(c.id));
  const inStore = ours.map((c) => ({ code: c.code, store: c.stores.find((s) => s.storeId === storeId) }));
  const refused = inStore.filter(({ store }) => store?.state === 'failed' || store?.state === 'conflict');
  if (refused.length > 0) {
    const [first] = refused;
    const why = first?.store?.state === 'conflict' ? 'already exists in Shopify' : (first?.store?.reason ?? 'refused');
    const others = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
    return { state: 'failed', reason: `${first?.code}: ${why}${others}` };
  }
  const live = ours.length === wanted.size && inStore.every(({ store }) => store?.state === 'live');
  return live ? { state: 'live' } : { state: 'syncing' };
};

const loadAdded = async (discountId: string, codeIds: readonly string[]): Promise<DiscountCode[]> => {
  const wanted = new Set(codeIds);
  const found: DiscountCode[] = [];
  const pages = Math.ceil(codeIds.length / PROGRESS_PAGE_SIZE) + 1;
  for (let page = 1; page <= pages && found.length < wanted.size; page++) {
    const answer = await getDiscountCodes(discountId, { page, search: '' }, PROGRESS_PAGE_SIZE);
    found.push(...answer.data.filter((c) => wanted.has(c.id)));
    if (page >= answer.totalPages) break;
  }
  return found;
};

/** Asked every 2 s until each store is live or failed. */
export const useCodesProgress = (discountId: string, codeIds: readonly string[], storeIds: readonly number[]) =>
  useQuery({
    queryKey: discountCodesKeys.progress(discountId, codeIds),
    queryFn: () => loadAdded(discountId, codeIds),
    enabled: codeIds.length > 0,
    refetchInterval: (query) => {
      const codes = query.state.data;
      if (!codes) return CODES_POLL_MS;
      const settled = storeIds.every((id) => progressOf(codes, codeIds, id).state !== 'syncing');
      return settled ? false : CODES_POLL_MS;
    },
  });

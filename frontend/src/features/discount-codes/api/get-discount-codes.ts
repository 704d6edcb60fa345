import { type DiscountCode, type DiscountCodesPage, discountCodesPageSchema } from '@dm/events/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CodesPageParams, discountCodesKeys } from './query-keys';

/** Spec 001 §9: 50 codes a page, in the dialog and on the page. */
export const CODES_PAGE_SIZE = 50;
/** While a shown code is still on its way to a store (or out of it), the page is asked again this often. */
export const CODES_POLL_MS = 2000;

const settling = (code: DiscountCode) => code.stores.some((s) => s.state === 'pending' || s.state === 'removing');

export const getDiscountCodes = (
  discountId: string,
  { page, search }: CodesPageParams,
  limit = CODES_PAGE_SIZE,
): Promise<DiscountCodesPage> =>
  api.get(`/api/discounts/${encodeURIComponent(discountId)}/codes`, {
    query: { page, limit, search: search.trim() },
    schema: discountCodesPageSchema,
  });

/** One page of a discount's codes, searched on the server; kept on screen while the next page loads. */
export const useDiscountCodes = (discountId: string, params: CodesPageParams) =>
  useQuery({
    queryKey: discountCodesKeys.page(discountId, params),
    queryFn: () => getDiscountCodes(discountId, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(settling) ? CODES_POLL_MS : false),
  });

import { discountDetailSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { codeStoresOf } from '../utils/code-stores';
import { codesIoKeys } from './query-keys';

/** The discount (GET /api/discounts/:id), for the stores codes may go to and whether it has ended. */
export const codeTargetQueryOptions = (discountId: string) =>
  queryOptions({
    queryKey: codesIoKeys.discount(discountId),
    queryFn: () => api.get(`/api/discounts/${encodeURIComponent(discountId)}`, { schema: discountDetailSchema }),
    select: (discount) => ({ stores: codeStoresOf(discount), ended: discount.status === 'ended' }),
  });

export const useCodeTarget = (discountId: string) => useQuery(codeTargetQueryOptions(discountId));

import { discountAsOfSchema } from '@dm/events/http';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './query-keys';

/** The discount as it was at `at` (an ISO instant), folded from the log by the server; nothing asked without one. */
export const useDiscountAsOf = (discountId: string, at: string | null) =>
  useQuery({
    queryKey: auditKeys.asOf(discountId, at ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/discounts/${encodeURIComponent(discountId)}/as-of`, {
        query: { at: at ?? '' },
        schema: discountAsOfSchema,
        signal,
      }),
    enabled: at !== null,
  });

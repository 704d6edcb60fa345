import { type DiscountDriftAnswer, discountDriftAnswerSchema } from '@dm/events/http';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { discountsKeys } from './query-keys';

const driftKey = (discountId: string) => [...discountsKeys.all, 'drift', discountId] as const;

export const getDiscountDrift = (discountId: string): Promise<DiscountDriftAnswer> =>
  api.get(`/api/discounts/${encodeURIComponent(discountId)}/drift`, { schema: discountDriftAnswerSchema });

/** Asked only when a store of the discount shows drift (the detail's deployments say so). */
export const useDiscountDrift = (discountId: string, enabled: boolean) =>
  useQuery({ queryKey: driftKey(discountId), queryFn: () => getDiscountDrift(discountId), enabled });

export type DriftActionInput = { discountId: string; storeId: number; storeName: string };
const driftUrl = ({ discountId, storeId }: DriftActionInput, action: 'reassert' | 'accept') =>
  `/api/discounts/${encodeURIComponent(discountId)}/drift/${storeId}/${action}`;

export const useReassertDrift = () =>
  useNotifiedMutation((input: DriftActionInput) => api.post(driftUrl(input, 'reassert')), {
    success: (_, { storeName }) => ({
      title: 'Re-asserting Our Version',
      description: `Putting our version back in ${storeName}; the next sync of the store confirms it`,
    }),
    failure: { title: 'Failed to re-assert our version' },
    refetch: [discountsKeys.all],
  });

export const useAcceptDrift = () =>
  useNotifiedMutation((input: DriftActionInput) => api.post(driftUrl(input, 'accept')), {
    success: (_, { storeName }) => ({
      title: 'Shopify’s Version Accepted',
      description: `${storeName} keeps what Shopify holds`,
    }),
    failure: { title: 'Failed to accept Shopify’s version' },
    refetch: [discountsKeys.all],
  });

import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { discountsKeys } from './query-keys';

export type EndDiscountInput = { discountId: string; name: string };

export const endDiscount = ({ discountId }: EndDiscountInput): Promise<unknown> =>
  api.post(`/api/discounts/${encodeURIComponent(discountId)}/end`);

export const useEndDiscount = () =>
  useNotifiedMutation(endDiscount, {
    success: (_, { name }) => ({ title: 'Discount Ended', description: `${name} is being deactivated in every store` }),
    failure: { title: 'Failed to end the discount' },
    refetch: [discountsKeys.all],
  });

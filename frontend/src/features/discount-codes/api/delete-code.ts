import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { discountCodesKeys } from './query-keys';

export type DeleteCodeInput = { discountId: string; codeId: string; code: string };

export const deleteCode = ({ codeId }: DeleteCodeInput): Promise<unknown> =>
  api.delete(`/api/codes/${encodeURIComponent(codeId)}`);

/** Managers and above (the policy table); the code leaves each store once Shopify confirms. */
export const useDeleteCode = (refetchAlso: readonly (readonly unknown[])[]) =>
  useNotifiedMutation(deleteCode, {
    success: (_, { code }) => ({
      title: 'Code removed successfully',
      description: `${code} is being removed from every store`,
    }),
    failure: { title: 'Failed to remove code' },
    refetch: [discountCodesKeys.all, ...refetchAlso],
  });

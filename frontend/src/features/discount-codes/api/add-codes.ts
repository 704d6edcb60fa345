import { type DiscountCodesAddedAnswer, discountCodesAddedAnswerSchema } from '@dm/events/http';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { discountCodesKeys } from './query-keys';

export type AddCodesInput = {
  discountId: string;
  codes: string[];
  stores: number[];
  influencerName: string | null;
};

export const addCodes = (
  { discountId, codes, stores, influencerName }: AddCodesInput,
  idempotencyKey?: string,
): Promise<DiscountCodesAddedAnswer> =>
  api.post(`/api/discounts/${encodeURIComponent(discountId)}/codes`, {
    body: { codes, stores, influencerName },
    idempotencyKey,
    schema: discountCodesAddedAnswerSchema,
  });

/**
 * The add itself; its notices belong to the dialog (which one depends on where the add came from and on each
 * store's outcome). The codes and the discount lists (their counts) are asked again afterwards.
 */
export const useAddCodes = (refetchAlso: readonly (readonly unknown[])[]) => {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: addCodes,
    onSuccess: async (_, { discountId }) => {
      await Promise.all(
        [discountCodesKeys.discount(discountId), ...refetchAlso].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
};

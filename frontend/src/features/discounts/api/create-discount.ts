import { type CreateDiscountBody, type DiscountCreatedAnswer, discountCreatedAnswerSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { failureTitleSplit } from '../utils/failure-split';
import { discountsKeys } from './query-keys';

export const createDiscount = (body: CreateDiscountBody, idempotencyKey?: string): Promise<DiscountCreatedAnswer> =>
  api.post('/api/admin/discounts', { body, idempotencyKey, schema: discountCreatedAnswerSchema });

const storesOf = (n: number) => (n === 1 ? '1 store' : `${n} stores`);

/** Spec 001 §8: 'Discount Created'; a failure's message is split into title and description on its first line break. */
export const useCreateDiscount = (options?: WriteOptions) =>
  useNotifiedMutation(
    createDiscount,
    {
      success: (created, body) => ({
        title: 'Discount Created',
        description: `${body.name} (code ${created.seedCode}) is being deployed to ${storesOf(created.storeIds.length)}`,
      }),
      failure: failureTitleSplit,
      refetch: [discountsKeys.all],
    },
    options,
  );

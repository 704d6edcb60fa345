import { type CreateDiscountBody, type PreviewAnswer, previewAnswerSchema } from '@dm/events/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsKeys } from './query-keys';

/** A read sent as POST (it takes the create body): `read` asks the server to wait for this person's last write. */
export const previewDiscount = (body: CreateDiscountBody): Promise<PreviewAnswer> =>
  api.post('/api/admin/discounts/preview', { body, read: true, schema: previewAnswerSchema });

export const usePreviewDiscount = (body: CreateDiscountBody) =>
  useQuery({
    queryKey: discountsKeys.preview(body),
    queryFn: () => previewDiscount(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

import { type CreateDiscountBody, type PreviewAnswer, previewAnswerSchema } from '@dm/events/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsKeys } from './query-keys';

/** A read sent as POST (it takes the create body): `read` asks the server to wait for this person's last write. */
export const previewDiscount = (body: CreateDiscountBody, excluding?: string): Promise<PreviewAnswer> =>
  api.post('/api/admin/discounts/preview', {
    body,
    read: true,
    schema: previewAnswerSchema,
    ...(excluding ? { query: { excluding } } : {}),
  });

/** `excluding`: the id of an existing discount previewed again (not its own overlapping neighbour). */
export const usePreviewDiscount = (body: CreateDiscountBody, excluding?: string) =>
  useQuery({
    queryKey: discountsKeys.preview({ body, excluding }),
    queryFn: () => previewDiscount(body, excluding),
    placeholderData: keepPreviousData,
    retry: false,
  });

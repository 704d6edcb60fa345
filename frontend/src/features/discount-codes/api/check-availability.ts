import { type CheckCodesAnswer, checkCodesAnswerSchema } from '@dm/events/http';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { failureNotice } from '@/lib/failure-notice';

export type CheckCodesInput = { discountId: string; codes: string[]; stores: number[] };

/** A read served by the query API, sent as a POST (spec 001 §7). */
export const checkCodeAvailability = ({ discountId, codes, stores }: CheckCodesInput): Promise<CheckCodesAnswer> =>
  api.post(`/api/discounts/${encodeURIComponent(discountId)}/codes/check-availability`, {
    body: { codes, stores },
    read: true,
    schema: checkCodesAnswerSchema,
  });

/** Changes nothing, so no list is refetched; its answer is shown by the dialog, a failure as the spec's notice. */
export const useCheckCodeAvailability = () =>
  useMutation({
    mutationFn: checkCodeAvailability,
    onError: (error) => toast(failureNotice('Failed to check code availability', error)),
  });

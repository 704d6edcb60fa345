import { generatedCodesAnswerSchema, type GenerateCodesBody, type GeneratedCodesAnswer } from '@dm/events/http';
import { api } from '@/lib/api-client';

/** POST /api/discounts/:id/codes/generate: `count` codes of the pattern, each free in every chosen store. */
export const generateCodes = (
  discountId: string,
  body: GenerateCodesBody,
  idempotencyKey?: string,
): Promise<GeneratedCodesAnswer> =>
  api.post(`/api/discounts/${encodeURIComponent(discountId)}/codes/generate`, {
    body,
    idempotencyKey,
    schema: generatedCodesAnswerSchema,
  });

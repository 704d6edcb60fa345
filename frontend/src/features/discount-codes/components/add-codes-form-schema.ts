import { addDiscountCodesBodySchema, discountCodeMessages } from '@dm/events/http';
import { z } from 'zod';

const { codes: codeList, stores, influencerName } = addDiscountCodesBodySchema.shape;

/** A text field read by one of the server's field schemas, its refusals kept word for word. */
const through =
  <T>(schema: z.ZodType<T>) =>
  (text: string, ctx: z.RefinementCtx): T => {
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };

/**
 * Spec 001 §2.3, §5: the codes as one comma-separated text, the stores, an optional influencer. Each field is the
 * server's own schema, so a bad code is named here in the server's words.
 */
export const addCodesFormSchema = z.object({
  codes: z.string().trim().min(1, discountCodeMessages.codesRequired).transform(through(codeList)),
  stores,
  influencerName: z.string().transform(through(influencerName)),
});
export type AddCodesFormValues = z.input<typeof addCodesFormSchema>;
export type AddCodesFormOutput = z.output<typeof addCodesFormSchema>;

export const emptyAddCodesForm: AddCodesFormValues = { codes: '', stores: [], influencerName: '' };

import { z } from 'zod';

export const brandSchema = z.object({ id: z.number().int(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;
export const brandListSchema = z.array(brandSchema);

import type { z } from 'zod';

/**
 * Parses the environment with a zod schema; a bad value stops the service with a readable list. It reads a copy of
 * process.env: Node's own object is not plain (its constructor is not Object), which zod's `record` refuses.
 */
export const parseEnv = <S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv = { ...process.env },
): z.infer<S> => {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
  throw new Error(`Invalid environment:\n${problems}`);
};

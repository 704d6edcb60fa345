import { z } from 'zod';

/** The process environment, read in this one place: store tokens live in `<SLUG>_SHOPIFY_TOKEN` variables. */
export const readEnv = (): Readonly<Record<string, string | undefined>> =>
  z.record(z.string(), z.string().optional()).parse(process.env);

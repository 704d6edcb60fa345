import { parseEnv } from '@dm/server-kit/env';
import { z } from 'zod';

/** The process environment, read in this one place: store tokens live in `<SLUG>_SHOPIFY_TOKEN` variables. */
export const readEnv = (): Readonly<Record<string, string | undefined>> =>
  parseEnv(z.record(z.string(), z.string().optional()));

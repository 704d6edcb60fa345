import pino, { type Logger } from 'pino';
import { StoreClient } from './call';
import { createStoreApiClient } from './client';
import { tokenVariableOf, type StoreConfig } from './config';
import { ShopifyAdapterError, StoreNotConfiguredError } from './errors';
import type { DiscountModelInput } from './model';
import { exportCodeDiscounts } from './operations/bulk-export';
import {
  importCollections,
  importProducts,
  importProductsWithVariants,
  importVariants,
  shopCurrency,
} from './operations/catalog';
import { addCodes, codesCreated, submitCodes } from './operations/codes-bulk-add';
import { queueCodes, type QueuedChunk, type QueueOptions } from './operations/codes-bulk-batches';
import { findCodesRun, submitCodesRun, type CodesLine } from './operations/codes-bulk-run';
import { codesRunCreation } from './operations/codes-bulk-run-result';
import { deleteCodes, findCodeIds } from './operations/codes-bulk-delete';
import { checkCodesExist } from './operations/codes-exist';
import { markAsOurs } from './operations/owner-marker';
import {
  activateDiscount,
  createDiscount,
  deactivateDiscount,
  deleteDiscount,
  updateDiscount,
  updateDiscountFields,
  updateDiscountTitle,
  type DiscountFields,
} from './operations/discounts';
import type { SpendOptions } from './pacing';
import { productionPolicy, type RetryPolicy } from './retry';

export interface ShopifyAdapterOptions {
  readonly stores: readonly StoreConfig[];
  /** Local mode: the emulator's base URL; requests keep the store's domain, only the origin changes. */
  readonly emulatorUrl?: string | null;
  readonly policy?: Partial<RetryPolicy>;
  readonly logger?: Logger;
}

const bind = (client: StoreClient, policy: RetryPolicy, functionId: string | null) => ({
  slug: client.slug,
  client,
  /** Our discount Function's id in this store (configuration), or null when it is not deployed there. */
  functionId,
  createDiscount: (model: DiscountModelInput) => createDiscount(client, model),
  updateDiscount: (id: string, model: DiscountModelInput) => updateDiscount(client, id, model),
  updateDiscountFields: (id: string, kind: 'multi' | 'gwp', fields: DiscountFields) =>
    updateDiscountFields(client, id, kind, fields),
  updateDiscountTitle: (id: string, kind: 'multi' | 'gwp', title: string) =>
    updateDiscountTitle(client, id, kind, title),
  deleteDiscount: (id: string) => deleteDiscount(client, id),
  activateDiscount: (id: string) => activateDiscount(client, id),
  deactivateDiscount: (id: string) => deactivateDiscount(client, id),
  addCodes: (discountId: string, codes: readonly string[], options?: { concurrency?: number }) =>
    addCodes(client, policy, discountId, codes, options),
  /** One chunk's bulk creation, submitted: its id (see `codesCreated`). */
  submitCodes: (discountId: string, codes: readonly string[]) => submitCodes(client, discountId, codes),
  /** Lines of codes as one bulk mutation named `tag` (see codes-bulk-run.ts): the bulk operation's id. */
  submitCodesRun: (tag: string, lines: readonly CodesLine[], signal?: AbortSignal) =>
    submitCodesRun(client, policy, tag, lines, signal),
  /** A chunk of codes for the store's next bulk mutation, shared with the chunks queued with it (decision 1530). */
  queueCodes: (chunk: QueuedChunk, options: QueueOptions) => queueCodes(client, policy, chunk, options),
  /** Shopify's list of bulk mutations, read after `notBefore` (ms): the oldest named one of `tags` since `since`. */
  findCodesRun: (tags: readonly string[], since: string | null, notBefore: number) =>
    findCodesRun(client, policy, tags, since, notBefore),
  /** Waits for run `runId` and reads its line `line`: the bulk creation that line made. */
  codesRunCreation: (runId: string, line: number, signal?: AbortSignal) =>
    codesRunCreation(client, policy, runId, line, signal),
  codesCreated: (creationId: string, codes: readonly string[], signal?: AbortSignal) =>
    codesCreated(client, policy, creationId, codes, signal),
  findCodeIds: (discountId: string, codes: readonly string[]) => findCodeIds(client, discountId, codes),
  deleteCodes: (discountId: string, codeIds: readonly string[]) => deleteCodes(client, policy, discountId, codeIds),
  checkCodesExist: (codes: readonly string[], spend?: SpendOptions) => checkCodesExist(client, codes, spend),
  /** Puts our marker (`ownerMarker`) on a discount we know is ours by our own record (created before markers). */
  markAsOurs: (discountNodeId: string, ourId: string) => markAsOurs(client, discountNodeId, ourId),
  exportCodeDiscounts: () => exportCodeDiscounts(client, policy),
  importProducts: (updatedSince?: string) => importProducts(client, updatedSince),
  importVariants: () => importVariants(client),
  importProductsWithVariants: (pageSize?: number) => importProductsWithVariants(client, pageSize),
  importCollections: () => importCollections(client),
  shopCurrency: () => shopCurrency(client),
});

export type ShopifyStore = ReturnType<typeof bind>;

export type StoreLookup =
  { readonly ok: true; readonly store: ShopifyStore } | { readonly ok: false; readonly error: ShopifyAdapterError };

export interface ShopifyAdapter {
  /** A store's operations, or why it cannot be used (no token, unknown slug): never a throw. */
  store(slug: string): StoreLookup;
  /** Stores configured without a token, with the variable that would fix each. */
  readonly missingTokens: readonly { readonly slug: string; readonly variable: string }[];
}

/** One client and one pacing bucket per store (ARCHITECTURE §4), created once and reused. */
export const createShopifyAdapter = (options: ShopifyAdapterOptions): ShopifyAdapter => {
  const policy: RetryPolicy = { ...productionPolicy, ...options.policy };
  const logger = options.logger ?? pino({ level: 'warn' });
  const stores = new Map<string, ShopifyStore>();
  for (const config of options.stores) {
    if (!config.token) continue;
    const api = createStoreApiClient({ ...config, token: config.token }, options.emulatorUrl ?? null);
    stores.set(config.slug, bind(new StoreClient(config.slug, api, policy, logger), policy, config.functionId ?? null));
  }
  const missingTokens = options.stores
    .filter((s) => !s.token)
    .map((s) => ({ slug: s.slug, variable: tokenVariableOf(s.slug) }));
  for (const missing of missingTokens)
    logger.warn(missing, 'Shopify store has no access token; its operations will be refused');
  return {
    missingTokens,
    store: (slug) => {
      const store = stores.get(slug);
      if (store) return { ok: true, store };
      if (options.stores.some((s) => s.slug === slug))
        return { ok: false, error: new StoreNotConfiguredError(slug, tokenVariableOf(slug)) };
      return { ok: false, error: new ShopifyAdapterError(slug, `Unknown Shopify store ${slug}`, false) };
    },
  };
};

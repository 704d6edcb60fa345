import { randomBytes } from 'node:crypto';
import { startModelStack, type ModelStack } from '../support/model-stack';
import { apiOf, type Api } from './api';

/** The stores a sequence works in (brand Aurora); the Borealis stores stay out of it. */
export const storeSlugs = ['aurora-uk', 'aurora-de', 'aurora-us'] as const;
export type StoreSlug = (typeof storeSlugs)[number];

/** What the real side of a sequence holds: the stack, the admin's calls, and what the world did behind our back. */
export interface World {
  readonly stack: ModelStack;
  readonly api: Api;
  readonly storeIds: Readonly<Record<StoreSlug, number>>;
  readonly productId: string;
  readonly productName: string;
  /** A prefix no other sequence's codes and names share. */
  readonly tag: string;
  /** Shopify discounts each store held before the sequence (demo data): not ours to judge. */
  readonly foreignDiscounts: ReadonlyMap<StoreSlug, ReadonlySet<number>>;
  /** Codes removed from a store behind our back (`slug|folded code`): re-adding them later is no double submit. */
  readonly removedInStore: Set<string>;
  /** Answers of 5xx from our own APIs: never acceptable. */
  readonly serverErrors: string[];
}

export const startWorld = async (): Promise<World> => {
  const stack = await startModelStack();
  const api = apiOf(stack);
  const stores = (await api.read<{ id: number; urlSlug: string }[]>('/api/stores')).json;
  const storeIds = Object.fromEntries(
    storeSlugs.map((slug) => [slug, stores.find((s) => s.urlSlug === slug)!.id]),
  ) as Record<StoreSlug, number>;
  const products = (await api.read<{ id: string; name: string }[]>('/api/products/all?brandId=1')).json;
  const jacket = products.find((p) => p.name === 'Aurora Canyon Jacket');
  if (!jacket) throw new Error('The demo catalog has no Aurora Canyon Jacket');
  const marked = await api.write('POST', '/api/products/mark-for-discount', { brandId: 1, productIds: [jacket.id] });
  if (marked.status !== 200) throw new Error(`Marking the jacket answered ${marked.status}`);
  // The create checks the mark in the catalog read model: a read at our position waits until it shows there.
  await api.read('/api/products/all?brandId=1');
  return {
    stack,
    api,
    storeIds,
    productId: jacket.id,
    productName: jacket.name,
    tag: randomBytes(3).toString('hex').toUpperCase(),
    foreignDiscounts: new Map(
      storeSlugs.map((slug) => [slug, new Set(stack.emulator.shop(slug).discounts.keys())] as const),
    ),
    removedInStore: new Set(),
    serverErrors: [],
  };
};

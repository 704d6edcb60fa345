import type { EventStore } from '@dm/event-store';
import { discountStream } from '@dm/events';
import {
  functionIdVariableOf,
  ShopifyNoAnswerError,
  type DiscountModelInput,
  type ExistingCode,
  type ShopifyAdapter,
  type ShopifyStore,
} from '@dm/shopify';
import type pg from 'pg';
import { discountHistory, type DiscountHistory } from './history';
import { DeploymentProblem } from './problem';
import { reassignSeedCode } from './seed-code';
import { catalogNeeds, shopifyModel, type StoreCopies } from './shopify-model';
import { copiesInStore, targetStore, titlesOf, type ItemKind, type TargetStore } from './store-catalog';

export interface DeploymentContext {
  readonly eventStore: EventStore;
  readonly db: pg.Pool;
  readonly shopify: ShopifyAdapter;
  readonly now: () => Date;
}

export interface StoreTarget {
  readonly discountId: string;
  readonly storeId: number;
  /** Of the events this reactor appends itself (a reassigned seed code). */
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface Deployed {
  readonly shopifyDiscountId: string;
  readonly code: string;
}

const historyOf = async (ctx: DeploymentContext, discountId: string) =>
  discountHistory(await ctx.eventStore.readStream(discountStream(discountId)));

/** The store and its Shopify operations, or the reason there are none (no token: the adapter's error). */
export const openStore = async (ctx: DeploymentContext, storeId: number) => {
  const store = await targetStore(ctx.db, storeId);
  if (!store) throw new DeploymentProblem(`Store ${storeId} does not exist`);
  const found = ctx.shopify.store(store.slug);
  if (!found.ok) throw found.error;
  return { store, shopify: found.store };
};

export const resolveCatalog = async (ctx: DeploymentContext, history: DiscountHistory, store: TargetStore) => {
  const needs = catalogNeeds(history.created);
  const copies: StoreCopies = {
    product: await copiesInStore(ctx.db, 'product', needs.product, store.id),
    collection: await copiesInStore(ctx.db, 'collection', needs.collection, store.id),
  };
  const missing = (kind: ItemKind) => [...new Set(needs[kind].filter((id) => !copies[kind].has(id)))];
  const gaps = { product: missing('product'), collection: missing('collection') };
  if (gaps.product.length + gaps.collection.length > 0) {
    const ruleNames = new Map(history.created.rules.map((r) => [r.target.id, r.target.name]));
    const named = async (kind: ItemKind) => {
      const titles = await titlesOf(ctx.db, kind, gaps[kind]);
      return gaps[kind].map((id) => `${kind} "${titles.get(id) ?? ruleNames.get(id) ?? id}"`);
    };
    const names = [...(await named('product')), ...(await named('collection'))];
    throw new DeploymentProblem(`Store ${store.name} has no equivalent of ${names.join(', ')}`);
  }
  return copies;
};

/**
 * Ours: it carries our marker (our discount id, decision 1302), or it is the very Shopify discount our log
 * recorded for this store (deployed before markers). Never by title: anyone can make a discount with our name.
 */
export const isOurs = (history: DiscountHistory, storeId: number, owner: ExistingCode) =>
  owner.marker === history.created.discountId ||
  (owner.marker === null && owner.discountId === history.store(storeId)?.shopifyDiscountId);

/**
 * A BXGY takes its marker only after the create call (Shopify's BXGY input has no metafields): an unmarked BXGY
 * holding our gift's code may be our own create whose answer was lost. It is neither adopted nor doubled.
 */
const unmarkedGift = (history: DiscountHistory, owner: ExistingCode) =>
  history.created.discountType === 'gwp' && owner.marker === null && owner.discountType === 'DiscountCodeBxgy';

const lookUp = async (shopify: ShopifyStore, code: string) => (await shopify.checkCodesExist([code])).get(code) ?? null;

/**
 * Creates it, once: after a lost answer it looks for the discount by the code and our marker instead of sending
 * the create again (the adapter never re-sends it, decision 1302).
 */
const createOnce = async (
  shopify: ShopifyStore,
  history: DiscountHistory,
  storeId: number,
  model: DiscountModelInput,
) => {
  try {
    return (await shopify.createDiscount(model)).id;
  } catch (error) {
    if (!(error instanceof ShopifyNoAnswerError)) throw error;
    const owner = await lookUp(shopify, model.code);
    if (owner && isOurs(history, storeId, owner)) return owner.discountId;
    throw error;
  }
};

/**
 * Creates the discount in one store. Looks the code up first, so a deployment cut off after Shopify created the
 * discount resumes by recording that discount (found by our marker) instead of creating a second one; a code
 * taken by something else moves this store to the next free code.
 */
export const deployToStore = async (ctx: DeploymentContext, target: StoreTarget): Promise<Deployed> => {
  const history = await historyOf(ctx, target.discountId);
  if (!history) throw new DeploymentProblem(`Discount ${target.discountId} does not exist`);
  const { store, shopify } = await openStore(ctx, target.storeId);
  if (history.ended) throw new DeploymentProblem('The discount was ended before it was deployed to this store');
  const already = history.deployedIn(store.id);
  if (already) return already;
  const functionId = history.created.discountType === 'multi' ? requireFunction(shopify, store) : null;
  const copies = await resolveCatalog(ctx, history, store);
  let code = history.codeIn(store.id);
  const owner = await lookUp(shopify, code);
  if (owner && isOurs(history, store.id, owner)) return { shopifyDiscountId: owner.discountId, code };
  if (owner && unmarkedGift(history, owner))
    throw new DeploymentProblem(
      `Code ${code} is held in store ${store.name} by Shopify discount ${owner.discountId}, which carries no Discount Manager marker: it may be the one an earlier attempt created without hearing Shopify's answer. If it is ours, delete it in Shopify, then retry.`,
    );
  if (owner) {
    const reassignment = { ...ctx, store: shopify, storeId: store.id, history, metadata: target.metadata };
    code = await reassignSeedCode(reassignment, code);
  }
  const model = shopifyModel(history.created, { code, functionId, copies });
  return { shopifyDiscountId: await createOnce(shopify, history, store.id, model), code };
};

export const requireFunction = (shopify: ShopifyStore, store: TargetStore): string => {
  if (shopify.functionId) return shopify.functionId;
  throw new DeploymentProblem(
    `The discount Function is not deployed for store ${store.name}: deploy it with the company's Shopify app, then set ${functionIdVariableOf(store.slug)} (README, "The discount Function")`,
  );
};

/** Ending early: deactivates the store's Shopify discount; null when it was never deployed there. */
export const deactivateInStore = async (ctx: DeploymentContext, target: StoreTarget): Promise<true | null> => {
  const history = await historyOf(ctx, target.discountId);
  const deployed = history?.deployedIn(target.storeId);
  if (!history || !deployed || history.deactivatedIn(target.storeId)) return null;
  const { shopify } = await openStore(ctx, target.storeId);
  await shopify.deactivateDiscount(deployed.shopifyDiscountId);
  return true;
};

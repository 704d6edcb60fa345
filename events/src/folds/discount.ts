import type { z } from 'zod';
import type { discountCreatedSchema, discountEndedSchema, DiscountEvent } from '../discounts';

/**
 * The one fold of a `discount:<id>` stream (decision 1300), shared by the discount deciders (command-api), the
 * deployment and drift reactors, the discounts projection (a store's row is this fold's `StoreDeployment`) and
 * every reading of the past (the as-of answer, `pnpm history --at`), so a decision, an effect, a screen and an
 * audit see the same discount.
 */

/** One target store: its latest deployment attempt, how that attempt ended so far, and the code it deploys. */
export interface StoreDeployment {
  readonly attempt: number;
  readonly outcome: 'pending' | 'deployed' | 'failed';
  readonly code: string;
  readonly shopifyDiscountId: string | null;
  /** Why the latest attempt failed, or why ending it there failed; null otherwise. */
  readonly reason: string | null;
  readonly retryable: boolean;
  /** Deactivated in the store after the discount was ended; never undone (an ended discount stays ended). */
  readonly deactivated: boolean;
}

export type DiscountConfiguration = z.infer<typeof discountCreatedSchema>['data'];

export type DiscountState =
  | { readonly status: 'none' }
  | {
      readonly status: 'created' | 'ended';
      readonly discountId: string;
      readonly brandId: number;
      readonly seedCode: string;
      readonly stores: ReadonlyMap<number, StoreDeployment>;
      readonly configuration: DiscountConfiguration;
      readonly ended: z.infer<typeof discountEndedSchema>['data'] | null;
    };

export const initialDiscountState: DiscountState = { status: 'none' };

export const freshStoreDeployment = (seedCode: string): StoreDeployment => ({
  attempt: 0,
  outcome: 'pending',
  code: seedCode,
  shopifyDiscountId: null,
  reason: null,
  retryable: false,
  deactivated: false,
});

/** The events that concern one store of the discount. */
export type StoreDeploymentEvent = Exclude<DiscountEvent, { type: 'DiscountCreated' | 'DiscountEnded' }>;

/**
 * One store's deployment after an event of that store. An outcome counts only for the store's latest attempt (a
 * late answer to an older one changes nothing); the same object comes back when nothing changed. Every change
 * sets values (none adds), so applying an event twice gives the same store.
 */
export const evolveStoreDeployment = (store: StoreDeployment, event: StoreDeploymentEvent): StoreDeployment => {
  switch (event.type) {
    case 'DiscountDeploymentRequested':
      if (event.data.attempt <= store.attempt) return store;
      return { ...store, attempt: event.data.attempt, outcome: 'pending', reason: null, retryable: false };
    case 'DiscountDeployed': {
      if (event.data.attempt !== store.attempt) return store;
      const { code, shopifyDiscountId } = event.data;
      return { ...store, outcome: 'deployed', code, shopifyDiscountId, reason: null, retryable: false };
    }
    case 'DiscountDeploymentFailed': {
      if (event.data.attempt !== store.attempt) return store;
      const { reason, retryable } = event.data;
      return { ...store, outcome: 'failed', reason, retryable };
    }
    case 'DiscountSeedCodeReassigned':
      return { ...store, code: event.data.to };
    case 'DiscountDeactivatedInStore':
      return { ...store, deactivated: true, reason: null, retryable: false };
    case 'DiscountDeactivationFailed': {
      const { reason, retryable } = event.data;
      return { ...store, reason: `Could not end it in this store: ${reason}`, retryable };
    }
  }
};

export const evolveDiscount = (discount: DiscountState, event: DiscountEvent): DiscountState => {
  switch (event.type) {
    case 'DiscountCreated': {
      const { discountId, brandId, seedCode, storeIds } = event.data;
      const stores = new Map(storeIds.map((id) => [id, freshStoreDeployment(seedCode)]));
      return { status: 'created', discountId, brandId, seedCode, stores, configuration: event.data, ended: null };
    }
    case 'DiscountEnded':
      return discount.status === 'none' ? discount : { ...discount, status: 'ended', ended: event.data };
    default: {
      if (discount.status === 'none') return discount;
      const current = discount.stores.get(event.data.storeId);
      const next = current && evolveStoreDeployment(current, event);
      if (!next || next === current) return discount;
      return { ...discount, stores: new Map(discount.stores).set(event.data.storeId, next) };
    }
  }
};

/** A store's live Shopify discount as the fold says: deployed by its latest attempt, not deactivated since. */
export const liveShopifyDiscount = (store: StoreDeployment | undefined): string | null =>
  store && store.outcome === 'deployed' && !store.deactivated ? store.shopifyDiscountId : null;

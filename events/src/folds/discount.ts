import type { z } from 'zod';
import type { discountCreatedSchema, discountEndedSchema, DiscountEvent } from '../discounts';

/**
 * The fold of a `discount:<id>` stream, shared by the discount deciders (command-api) and every reading of the
 * past (the as-of answer, `pnpm history --at`), so a decision and an audit see the same discount.
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
  /** Deactivated in the store after the discount was ended. */
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

/** `attempt`: an outcome counts only for the store's latest attempt (a late answer to an older one changes nothing). */
const withStore = (
  discount: DiscountState,
  storeId: number,
  change: Partial<StoreDeployment>,
  attempt?: number,
): DiscountState => {
  if (discount.status === 'none') return discount;
  const current = discount.stores.get(storeId);
  if (!current || (attempt !== undefined && attempt !== current.attempt)) return discount;
  return { ...discount, stores: new Map(discount.stores).set(storeId, { ...current, ...change }) };
};

export const evolveDiscount = (discount: DiscountState, event: DiscountEvent): DiscountState => {
  switch (event.type) {
    case 'DiscountCreated': {
      const { discountId, brandId, seedCode, storeIds } = event.data;
      const fresh: StoreDeployment = {
        attempt: 0,
        outcome: 'pending',
        code: seedCode,
        shopifyDiscountId: null,
        reason: null,
        retryable: false,
        deactivated: false,
      };
      const stores = new Map(storeIds.map((id) => [id, fresh]));
      return { status: 'created', discountId, brandId, seedCode, stores, configuration: event.data, ended: null };
    }
    case 'DiscountDeploymentRequested':
      return withStore(discount, event.data.storeId, {
        attempt: event.data.attempt,
        outcome: 'pending',
        reason: null,
        retryable: false,
      });
    case 'DiscountDeployed': {
      const { storeId, code, shopifyDiscountId, attempt } = event.data;
      const change = { outcome: 'deployed', code, shopifyDiscountId, reason: null, retryable: false } as const;
      return withStore(discount, storeId, change, attempt);
    }
    case 'DiscountDeploymentFailed': {
      const { storeId, reason, retryable, attempt } = event.data;
      return withStore(discount, storeId, { outcome: 'failed', reason, retryable }, attempt);
    }
    case 'DiscountSeedCodeReassigned':
      return withStore(discount, event.data.storeId, { code: event.data.to });
    case 'DiscountEnded':
      return discount.status === 'none' ? discount : { ...discount, status: 'ended', ended: event.data };
    case 'DiscountDeactivatedInStore':
      return withStore(discount, event.data.storeId, { deactivated: true, reason: null, retryable: false });
    case 'DiscountDeactivationFailed': {
      const { storeId, reason, retryable } = event.data;
      return withStore(discount, storeId, { reason: `Could not end it in this store: ${reason}`, retryable });
    }
  }
};

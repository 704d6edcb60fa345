import type { CodeReservationEvent, DiscountEvent } from '@dm/events';
import { emptyLedger, evolveLedger, isReservationEvent, type Ledger } from './ledger';

/** One target store: its latest deployment attempt, how that attempt ended so far, and the code it deploys. */
export interface StoreDeployment {
  readonly attempt: number;
  readonly outcome: 'pending' | 'deployed' | 'failed';
  readonly code: string;
}

export type DiscountState =
  | { readonly status: 'none' }
  | {
      readonly status: 'created' | 'ended';
      readonly discountId: string;
      readonly brandId: number;
      readonly seedCode: string;
      readonly stores: ReadonlyMap<number, StoreDeployment>;
    };

/**
 * What a discount decision sees: the discount's own stream (and its version) and the ledger streams it looked
 * at. Create reads the ledger for its seed-code candidates; retry and end need only the discount.
 */
export interface DiscountWorld {
  readonly discount: DiscountState;
  readonly version: bigint;
  readonly ledger: Ledger;
}

export type DiscountWorldEvent = DiscountEvent | CodeReservationEvent;

export const initialState: DiscountWorld = { discount: { status: 'none' }, version: 0n, ledger: emptyLedger };

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

const evolveDiscount = (discount: DiscountState, event: DiscountEvent): DiscountState => {
  switch (event.type) {
    case 'DiscountCreated': {
      const { discountId, brandId, seedCode, storeIds } = event.data;
      const stores = new Map(storeIds.map((id) => [id, { attempt: 0, outcome: 'pending' as const, code: seedCode }]));
      return { status: 'created', discountId, brandId, seedCode, stores };
    }
    case 'DiscountDeploymentRequested':
      return withStore(discount, event.data.storeId, { attempt: event.data.attempt, outcome: 'pending' });
    case 'DiscountDeployed':
      return withStore(
        discount,
        event.data.storeId,
        { outcome: 'deployed', code: event.data.code },
        event.data.attempt,
      );
    case 'DiscountDeploymentFailed':
      return withStore(discount, event.data.storeId, { outcome: 'failed' }, event.data.attempt);
    case 'DiscountSeedCodeReassigned':
      return withStore(discount, event.data.storeId, { code: event.data.to });
    case 'DiscountEnded':
      return discount.status === 'none' ? discount : { ...discount, status: 'ended' };
    case 'DiscountDeactivatedInStore':
    case 'DiscountDeactivationFailed':
      return discount;
  }
};

export const evolve = (state: DiscountWorld, event: DiscountWorldEvent): DiscountWorld =>
  isReservationEvent(event)
    ? { ...state, ledger: evolveLedger(state.ledger, event) }
    : { ...state, discount: evolveDiscount(state.discount, event), version: state.version + 1n };

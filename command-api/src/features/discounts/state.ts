import { evolveDiscount, type CodeReservationEvent, type DiscountEvent, type DiscountState } from '@dm/events';
import { emptyLedger, evolveLedger, isReservationEvent, type Ledger } from './ledger';

export type { DiscountState, StoreDeployment } from '@dm/events';

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

export const evolve = (state: DiscountWorld, event: DiscountWorldEvent): DiscountWorld =>
  isReservationEvent(event)
    ? { ...state, ledger: evolveLedger(state.ledger, event) }
    : { ...state, discount: evolveDiscount(state.discount, event), version: state.version + 1n };

import type { EventStore } from '@dm/event-store';
import { discountStream, parseDomainEvent } from '@dm/events';
import type { DiscountWorld } from '../discounts/state';
import { discountCodesDecider, type CodesWorldEvent } from './decider';

/** A discount as the codes' deciders see it, folded from its stream. */
export const loadCodesDiscount = async (eventStore: EventStore, discountId: string): Promise<DiscountWorld> =>
  (
    await eventStore.aggregate(
      discountStream(discountId),
      (s: DiscountWorld, recorded) => discountCodesDecider.evolve(s, parseDomainEvent(recorded) as CodesWorldEvent),
      discountCodesDecider.initialState,
    )
  ).state;

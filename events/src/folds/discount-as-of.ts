import { discountCodeEventSchema, type DiscountCodeEvent } from '../discount-codes';
import type { DiscountEvent } from '../discounts';
import { evolveDiscountCodes, initialDiscountCodesState, type DiscountCodesState } from './discount-codes';
import { evolveDiscount, initialDiscountState, type DiscountState } from './discount';

/** An event of a discount's two streams, with when and where the log recorded it. */
export type DiscountHistoryEvent = (DiscountEvent | DiscountCodeEvent) & {
  readonly createdAt: Date;
  readonly globalPosition: bigint;
};

export interface DiscountAsOfFold {
  readonly discount: DiscountState;
  readonly codes: DiscountCodesState;
  /** The last event folded (null when none was recorded by then). */
  readonly position: bigint | null;
  readonly eventCount: number;
}

const codeEventTypes: ReadonlySet<string> = new Set(discountCodeEventSchema.options.map((o) => o.eventType));
const isCodeEvent = (event: DiscountEvent | DiscountCodeEvent): event is DiscountCodeEvent =>
  codeEventTypes.has(event.type);

export const emptyDiscountAsOfFold: DiscountAsOfFold = {
  discount: initialDiscountState,
  codes: initialDiscountCodesState,
  position: null,
  eventCount: 0,
};

/**
 * A discount as it was at `at`: the events of `discount:<id>` and `discount-codes:<id>` recorded at or before
 * `at`, folded in log order with the evolve functions the deciders and the codes fold use. Pure: the caller
 * reads the events (any order of the two streams' events among each other gives the same answer). `from` is the
 * fold of the events before these (a snapshot's, whose events were all recorded by `at`); its codes state is
 * updated in place, so it must be the caller's own.
 */
export const foldDiscountAsOf = (
  events: Iterable<DiscountHistoryEvent>,
  at: Date,
  from: DiscountAsOfFold = emptyDiscountAsOfFold,
): DiscountAsOfFold => {
  let { discount, codes, position, eventCount } = from;
  const until = at.getTime();
  for (const event of events) {
    if (event.createdAt.getTime() > until) continue;
    if (isCodeEvent(event)) codes = evolveDiscountCodes(codes, event);
    else discount = evolveDiscount(discount, event);
    if (position === null || event.globalPosition > position) position = event.globalPosition;
    eventCount += 1;
  }
  return { discount, codes, position, eventCount };
};

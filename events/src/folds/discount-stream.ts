import type { DiscountEvent } from '../discounts';
import { evolveDiscount, initialDiscountState, type DiscountState } from './discount';

/** A discount's stream folded, with the version it was read at: an append that follows from it expects it. */
export interface FoldedDiscount {
  readonly state: DiscountState;
  /** The stream version of the last event folded; 'no_stream' when there was none. */
  readonly version: bigint | 'no_stream';
}

export const foldDiscountStream = (
  events: Iterable<{ readonly event: DiscountEvent; readonly streamVersion: bigint }>,
): FoldedDiscount => {
  let state = initialDiscountState;
  let version: FoldedDiscount['version'] = 'no_stream';
  for (const { event, streamVersion } of events) {
    state = evolveDiscount(state, event);
    version = streamVersion;
  }
  return { state, version };
};

import {
  evolveDiscount,
  evolveDiscountCodes,
  initialDiscountCodesState,
  initialDiscountState,
  type DomainEvent,
} from '@dm/events';
import { brandsDecider } from './features/brands/decider';
import { brandCatalogDecider, importDecider } from './features/catalog/decider';
import { codeSyncDecider } from './features/code-sync/decider';
import { locationsDecider } from './features/locations/decider';
import { userAccessDecider } from './features/users/decider';

/** How a stream's events add up to its state: the decider's own fold, so a reading of the past decides alike. */
export interface StreamFold {
  readonly initialState: unknown;
  readonly evolve: (state: unknown, event: DomainEvent) => unknown;
  /** What of the state a person reads (an index kept for speed is left out). */
  readonly present?: (state: unknown) => unknown;
}

const fold = <S, E>(
  initialState: S,
  evolve: (state: S, event: E) => S,
  present?: (state: S) => unknown,
): StreamFold => ({
  initialState,
  // A stream holds only its own events: the log's types are the decider's.
  evolve: evolve as unknown as StreamFold['evolve'],
  ...(present ? { present: present as (state: unknown) => unknown } : {}),
});

const byPrefix: readonly (readonly [string, StreamFold])[] = [
  ['locations', fold(locationsDecider.initialState, locationsDecider.evolve)],
  ['brands', fold(brandsDecider.initialState, brandsDecider.evolve)],
  ['user-access:', fold(userAccessDecider.initialState, userAccessDecider.evolve)],
  ['brand-catalog:', fold(brandCatalogDecider.initialState, brandCatalogDecider.evolve)],
  ['catalog-import:', fold(importDecider.initialState, importDecider.evolve)],
  ['code-sync:', fold(codeSyncDecider.initialState, codeSyncDecider.evolve)],
  ['discount:', fold(initialDiscountState, evolveDiscount)],
  ['discount-codes:', fold(initialDiscountCodesState, evolveDiscountCodes, (state) => state.codes)],
];

/** The fold of a stream by its id (`locations`, `discount:<id>` …), or null for a stream no decider folds. */
export const foldOfStream = (streamId: string): StreamFold | null =>
  byPrefix.find(([prefix]) => (prefix.endsWith(':') ? streamId.startsWith(prefix) : streamId === prefix))?.[1] ?? null;

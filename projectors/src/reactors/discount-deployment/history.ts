import type { RecordedEvent } from '@dm/event-store';
import {
  foldDiscountStream,
  parseDomainEvent,
  type DiscountEvent,
  type DiscountState,
  type StoreDeployment,
} from '@dm/events';

type Created = Extract<DiscountEvent, { type: 'DiscountCreated' }>['data'];
type Folded = Exclude<DiscountState, { status: 'none' }>;

/**
 * What the reactors need to know of one discount's stream, per store: a view over the one fold of the stream
 * (`foldDiscountStream` in `@dm/events`, decision 1300), never a fold of its own.
 */
export interface DiscountHistory {
  readonly created: Created;
  readonly ended: Folded['ended'];
  /** The stream version this was folded at: what an append that follows from it expects. */
  readonly version: bigint;
  store(storeId: number): StoreDeployment | null;
  /** The code the store gets: the seed, or the one it was reassigned to or deployed with. */
  codeIn(storeId: number): string;
  /** The Shopify discount of the store's latest attempt, when that attempt succeeded. */
  deployedIn(storeId: number): { readonly shopifyDiscountId: string; readonly code: string } | null;
  deactivatedIn(storeId: number): boolean;
}

/** Folds `discount:<id>`; null when the stream holds no `DiscountCreated`. */
export const discountHistory = (recorded: readonly RecordedEvent[]): DiscountHistory | null => {
  const { state, version } = foldDiscountStream(
    recorded.map((raw) => ({ event: parseDomainEvent(raw) as DiscountEvent, streamVersion: raw.streamVersion })),
  );
  if (state.status === 'none' || version === 'no_stream') return null;
  const store = (storeId: number) => state.stores.get(storeId) ?? null;
  return {
    created: state.configuration,
    ended: state.ended,
    version,
    store,
    codeIn: (storeId) => store(storeId)?.code ?? state.seedCode,
    deployedIn: (storeId) => {
      const s = store(storeId);
      return s?.outcome === 'deployed' && s.shopifyDiscountId !== null
        ? { shopifyDiscountId: s.shopifyDiscountId, code: s.code }
        : null;
    },
    deactivatedIn: (storeId) => store(storeId)?.deactivated ?? false,
  };
};

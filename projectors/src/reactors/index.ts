import type { EventStore } from '@dm/event-store';
import type { ShopifyAdapter } from '@dm/shopify';
import type { Reactor } from '../define-reactor';
import { catalogImportReactor } from './catalog-import/reactor';

export interface ReactorDependencies {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  readonly now?: () => Date;
  /** Products per import page (tests page smaller to see a fault mid-way). */
  readonly catalogPageSize?: number;
}

/** Every reactor the projectors process runs (the one place to register). */
export const createReactors = (deps: ReactorDependencies): readonly Reactor<unknown, unknown>[] => [
  catalogImportReactor({
    shopify: deps.shopify,
    eventStore: deps.eventStore,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.catalogPageSize ? { pageSize: deps.catalogPageSize } : {}),
  }),
];

import type { EventStore } from '@dm/event-store';
import type { ShopifyAdapter } from '@dm/shopify';
import type pg from 'pg';
import type { Reactor } from '../define-reactor';
import { catalogImportReactor } from './catalog-import/reactor';
import { codeSyncReactor } from './code-sync/reactor';
import { discountCodeRemovalReactor } from './discount-codes/removal';
import { discountCodesPushReactor } from './discount-codes/reactor';
import { discountDeploymentReactor } from './discount-deployment/reactor';
import { discountDriftReactor } from './discount-drift/reactor';

export interface ReactorDependencies {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  /**
   * The database of the read models: the discount deployment resolves stores and catalog items in it, and the code
   * sync writes rm.synced_codes itself (ARCHITECTURE §3). Without it, neither runs.
   */
  readonly db?: pg.Pool;
  readonly now?: () => Date;
  /** Products per import page (tests page smaller to see a fault mid-way). */
  readonly catalogPageSize?: number;
  /** Code sync: between bulk operation polls, and JSONL lines per COPY batch (tests go smaller). */
  readonly codeSync?: { readonly pollMs?: number; readonly batchLines?: number; readonly gramThreshold?: number };
}

/** Every reactor the projectors process runs (the one place to register). */
export const createReactors = (deps: ReactorDependencies): readonly Reactor<unknown, unknown>[] => [
  catalogImportReactor({
    shopify: deps.shopify,
    eventStore: deps.eventStore,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.catalogPageSize ? { pageSize: deps.catalogPageSize } : {}),
  }),
  ...(deps.db
    ? [
        discountDeploymentReactor({
          shopify: deps.shopify,
          eventStore: deps.eventStore,
          db: deps.db,
          ...(deps.now ? { now: deps.now } : {}),
        }),
        codeSyncReactor({
          shopify: deps.shopify,
          eventStore: deps.eventStore,
          pool: deps.db,
          ...(deps.now ? { now: deps.now } : {}),
          ...deps.codeSync,
        }),
        discountCodesPushReactor({
          shopify: deps.shopify,
          eventStore: deps.eventStore,
          db: deps.db,
          ...(deps.now ? { now: deps.now } : {}),
        }),
        discountCodeRemovalReactor({
          shopify: deps.shopify,
          eventStore: deps.eventStore,
          db: deps.db,
          ...(deps.now ? { now: deps.now } : {}),
        }),
        discountDriftReactor({
          shopify: deps.shopify,
          eventStore: deps.eventStore,
          db: deps.db,
          ...(deps.now ? { now: deps.now } : {}),
        }),
      ]
    : []),
];

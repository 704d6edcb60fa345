import { createHash } from 'node:crypto';
import path from 'node:path';
import { parse } from 'graphql';
import { LeakyBucket, standardPlan, type BucketConfig } from './bucket';
import type { Clock } from './clock';
import { runBulkQuery } from './bulk/run-bulk-query';
import { allScopes, type Scope } from './graphql/context';
import { runInternal, type ShopifyResponse } from './graphql/pipeline';
import type { Scheduler } from './scheduler';
import { adminSchema } from './schema/build';
import { toDateTime } from './schema/scalars';
import type { BulkOperationRecord, ShopServices } from './services';
import type { SnapshotStore } from './state/persistence';
import { identityOf, seedShop, type DemoShopConfig } from './state/seed';
import { ShopState } from './state/shop-state';

export interface ShopRuntime {
  readonly state: ShopState;
  readonly services: ShopServices;
  readonly scopesByToken: Map<string, ReadonlySet<Scope>>;
  readonly buckets: Map<string, LeakyBucket>;
  readonly bucketConfig: BucketConfig;
  /** Last answer per query text: what a `duplicate-page` fault replays. */
  readonly lastAnswers: Map<string, ShopifyResponse>;
}

export interface RegistryOptions {
  readonly shops: readonly DemoShopConfig[];
  readonly codesPerShop: number;
  readonly extraProductsPerShop: number;
  readonly hugeShop: { readonly slug: string; readonly codes: number } | null;
  readonly bucket: (slug: string) => BucketConfig;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  readonly snapshots: SnapshotStore;
  readonly bulkDir: string;
  readonly bulkUrl: (slug: string, id: number) => string;
  readonly tokens: Readonly<Record<string, string>>;
}

/** Deterministic, so the token printed by one start is still valid after a restart. */
export const defaultTokenOf = (slug: string): string =>
  `shpat_${createHash('sha256').update(`dm-emulator-token:${slug}`).digest('hex').slice(0, 32)}`;

export const bulkFileOf = (dir: string, slug: string, id: number) => path.join(dir, `${slug}-${id}.jsonl`);

const startBulk = (runtime: () => ShopRuntime, options: RegistryOptions) => async (op: BulkOperationRecord) => {
  const { state, services } = runtime();
  const slug = state.identity.slug;
  if (op.status === 'CANCELING') {
    op.status = 'CANCELED';
    return;
  }
  op.status = 'RUNNING';
  // Writing is a second step, so a test driving the scheduler by hand can see RUNNING.
  services.scheduler.schedule(async () => {
    try {
      const bytes = await runBulkQuery(
        adminSchema(),
        parse(op.query),
        (q, v, resolver) => runInternal(state, services, q, v, resolver),
        op,
        bulkFileOf(options.bulkDir, slug, op.id),
      );
      const canceled = op.status === 'CANCELING';
      op.status = canceled ? 'CANCELED' : 'COMPLETED';
      op.completedAt = toDateTime(options.clock.now());
      if (!canceled) {
        op.fileSize = bytes;
        op.url = op.objectCount > 0 ? options.bulkUrl(slug, op.id) : null;
      }
    } catch {
      op.status = 'FAILED';
      op.errorCode = 'INTERNAL_SERVER_ERROR';
      op.completedAt = toDateTime(options.clock.now());
    }
  }, slug);
};

export const createShopRuntime = (config: DemoShopConfig, options: RegistryOptions): ShopRuntime => {
  const huge = options.hugeShop?.slug === config.slug ? options.hugeShop.codes : 0;
  const saved = options.snapshots.load(config.slug);
  const state = new ShopState(
    identityOf(config),
    saved ?? seedShop(config, options.codesPerShop, huge, options.extraProductsPerShop),
  );
  if (!saved) options.snapshots.saveNow(state);
  state.watch(() => options.snapshots.scheduleSave(state));
  let runtime: ShopRuntime | null = null;
  const services: ShopServices = {
    bulkCreations: new Map(),
    jobs: new Map(),
    bulkOperations: new Map(),
    scheduler: options.scheduler,
    clockNow: () => options.clock.now(),
    runBulkQuery: startBulk(() => runtime!, options),
  };
  const token = options.tokens[config.slug] ?? defaultTokenOf(config.slug);
  runtime = {
    state,
    services,
    scopesByToken: new Map([[token, new Set(allScopes)]]),
    buckets: new Map(),
    bucketConfig: options.bucket(config.slug) ?? standardPlan,
    lastAnswers: new Map(),
  };
  return runtime;
};

/** A bucket per shop and token (reference §3.2: limits apply per app and store). */
export const bucketOf = (runtime: ShopRuntime, token: string, clock: Clock): LeakyBucket => {
  let bucket = runtime.buckets.get(token);
  if (!bucket) {
    bucket = new LeakyBucket(runtime.bucketConfig, clock);
    runtime.buckets.set(token, bucket);
  }
  return bucket;
};

import { createHash } from 'node:crypto';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { LeakyBucket, standardPlan, type BucketConfig } from './bucket';
import type { Clock } from './clock';
import { runBulkMutationLines } from './bulk/run-bulk-mutation';
import { runBulkQuery } from './bulk/run-bulk-query';
import type { CallLog } from './call-log';
import { allScopes, type Scope } from './graphql/context';
import { codesIn, runInternal, type ShopifyResponse } from './graphql/pipeline';
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
  readonly stagedUploadUrl: () => string;
  /** Each line a bulk mutation runs is logged as the call it makes, so tests see what was applied. */
  readonly callLog: CallLog;
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

/** A bulk mutation: CREATED, then RUNNING, then each line run as its own mutation, then COMPLETED (§8.5). */
const startBulkMutation = (runtime: () => ShopRuntime, options: RegistryOptions) => (op: BulkOperationRecord) => {
  const { state, services } = runtime();
  const slug = state.identity.slug;
  const rootField = parse(op.query).definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION
      ? d.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []))
      : [],
  );
  const mutationName = /^\s*mutation\s+(\w+)/.exec(op.query)?.[1] ?? null;
  services.scheduler.schedule(() => {
    if (op.status === 'CANCELING') {
      op.status = 'CANCELED';
      return;
    }
    op.status = 'RUNNING';
    services.scheduler.schedule(async () => {
      try {
        const { lines, bytes } = await runBulkMutationLines(
          op.variablesJsonl ?? '',
          async (variables) => {
            const result = await runInternal(state, services, op.query, variables);
            const codes: string[] = [];
            codesIn(variables, codes);
            options.callLog.record({
              at: options.clock.now(),
              shop: slug,
              operation: 'mutation',
              rootFields: rootField,
              codes,
              status: 200,
              outcome: result.errors?.length ? 'error' : 'ok',
              requestedQueryCost: null,
              actualQueryCost: null,
              bulkOperation: { id: op.id, name: mutationName, createdAt: op.createdAt },
            });
            return result;
          },
          bulkFileOf(options.bulkDir, slug, op.id),
        );
        op.objectCount = lines;
        op.rootObjectCount = lines;
        op.status = 'COMPLETED';
        op.completedAt = toDateTime(options.clock.now());
        op.fileSize = bytes;
        op.url = options.bulkUrl(slug, op.id);
      } catch {
        op.status = 'FAILED';
        op.errorCode = 'INTERNAL_SERVER_ERROR';
        op.completedAt = toDateTime(options.clock.now());
      }
    }, slug);
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
    runBulkMutation: startBulkMutation(() => runtime!, options),
    stagedUploads: new Map(),
    stagedUploadUrl: options.stagedUploadUrl,
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

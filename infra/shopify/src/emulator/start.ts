import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { BucketConfig, LeakyBucket } from './bucket';
import { standardPlan } from './bucket';
import { CallLog } from './call-log';
import { systemClock, type Clock } from './clock';
import { Faults } from './faults';
import type { Scope } from './graphql/context';
import { registerBulkRoute } from './http/bulk-route';
import { registerGraphqlRoute } from './http/graphql-route';
import { registerStagedUploadRoute, stagedUploadPath } from './http/staged-upload-route';
import { Scheduler, type SchedulerMode } from './scheduler';
import { SnapshotStore } from './state/persistence';
import type { DemoShopConfig } from './state/seed';
import type { ShopState } from './state/shop-state';
import { bucketOf, createShopRuntime, defaultTokenOf, type ShopRuntime } from './shops';

export interface ShopifyEmulatorOptions {
  /** 0 (the default) picks a free port: tests run in parallel. */
  readonly port?: number;
  readonly host?: string;
  /** Where shop snapshots and bulk files live (e.g. `.data/shopify`); none = in memory, seeded each start. */
  readonly dataDir?: string | null;
  /** The demo shops, e.g. `demoStores` from the demo world; slugs become `<slug>.myshopify.com`. */
  readonly shops: readonly DemoShopConfig[];
  /** Size of each shop's seeded bulk code set (default 2,000). */
  readonly codesPerShop?: number;
  /** Generated products added to each shop's demo catalogue (benchmarks); half share SKUs across a brand. */
  readonly extraProductsPerShop?: number;
  /** One shop seeded with a huge code set for benchmarks (generated, so it costs no start-up time). */
  readonly hugeShop?: { readonly slug: string; readonly codes: number };
  /** Bucket size and restore rate per shop (default Standard: 2000 / 100). */
  readonly bucket?: BucketConfig | ((slug: string) => BucketConfig);
  readonly clock?: Clock;
  /** When asynchronous jobs run (default: 50 ms after they are submitted). */
  readonly jobs?: SchedulerMode;
  /** Token per slug (default: a stable `shpat_…` derived from the slug). */
  readonly tokens?: Readonly<Record<string, string>>;
  /** More tokens, e.g. one without `read_products` to see ACCESS_DENIED. */
  readonly extraTokens?: readonly {
    readonly slug: string;
    readonly token: string;
    readonly scopes: readonly Scope[];
  }[];
  readonly persistDebounceMs?: number;
  /** Milliseconds added before every Admin API answer (default 0); benches turn it on to look like a real store. */
  readonly callLatencyMs?: number;
  readonly logger?: pino.Logger;
}

export interface ShopifyEmulator {
  readonly url: string;
  readonly port: number;
  readonly tokens: Readonly<Record<string, string>>;
  /** The discount Function id configured in each shop (for app discounts). */
  readonly functionIds: Readonly<Record<string, string>>;
  readonly faults: Faults;
  readonly callLog: CallLog;
  readonly scheduler: Scheduler;
  shop(slug: string): ShopState;
  bucket(slug: string, token?: string): LeakyBucket;
  stop(): Promise<void>;
}

const slugOfHost = (value: string | undefined): string | null =>
  value?.replace(/:\d+$/, '').replace(/\.myshopify\.com$/, '') ?? null;

export const startShopifyEmulator = async (options: ShopifyEmulatorOptions): Promise<ShopifyEmulator> => {
  const clock = options.clock ?? systemClock;
  const logger: FastifyBaseLogger = options.logger ?? pino({ level: 'warn' });
  const dataDir = options.dataDir ?? null;
  const bulkDir = dataDir ? path.join(dataDir, 'bulk') : mkdtempSync(path.join(tmpdir(), 'dm-shopify-bulk-'));
  mkdirSync(bulkDir, { recursive: true });
  const snapshots = new SnapshotStore(dataDir, options.persistDebounceMs ?? 250);
  const scheduler = new Scheduler(options.jobs ?? { mode: 'auto', delayMs: 50 });
  const bucketFor =
    typeof options.bucket === 'function'
      ? options.bucket
      : () => (options.bucket as BucketConfig | undefined) ?? standardPlan;
  let baseUrl = '';
  const callLog = new CallLog();
  const shops = new Map<string, ShopRuntime>();
  for (const config of options.shops) {
    shops.set(
      config.slug,
      createShopRuntime(config, {
        shops: options.shops,
        codesPerShop: options.codesPerShop ?? 2000,
        extraProductsPerShop: options.extraProductsPerShop ?? 0,
        hugeShop: options.hugeShop ?? null,
        bucket: bucketFor,
        clock,
        scheduler,
        snapshots,
        bulkDir,
        tokens: options.tokens ?? {},
        bulkUrl: (slug, id) => `${baseUrl}/bulk/${slug}/${id}.jsonl`,
        stagedUploadUrl: () => `${baseUrl}${stagedUploadPath}`,
        callLog,
      }),
    );
  }
  for (const extra of options.extraTokens ?? [])
    shops.get(extra.slug)?.scopesByToken.set(extra.token, new Set(extra.scopes));
  const faults = new Faults();
  const held = new Set<NodeJS.Timeout>();
  const app = Fastify({ loggerInstance: logger, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  const shopFor = (request: FastifyRequest): ShopRuntime | null => {
    const header = request.headers['x-emulated-shop'];
    return shops.get(slugOfHost(typeof header === 'string' ? header : request.headers.host) ?? '') ?? null;
  };
  registerGraphqlRoute(app, { shopFor, clock, faults, callLog, held, callLatencyMs: options.callLatencyMs ?? 0 });
  registerBulkRoute(app, { shop: (slug) => shops.get(slug) ?? null, bulkDir, faults });
  registerStagedUploadRoute(app, { shops: () => shops.values() });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const runtime = (slug: string) => {
    const found = shops.get(slug);
    if (!found) throw new Error(`No emulated shop ${slug}`);
    return found;
  };
  const tokens = Object.fromEntries(
    options.shops.map((s) => [s.slug, options.tokens?.[s.slug] ?? defaultTokenOf(s.slug)]),
  );
  return {
    url: baseUrl,
    port,
    tokens,
    functionIds: Object.fromEntries([...shops].map(([slug, s]) => [slug, s.state.identity.functionIds[0] ?? ''])),
    faults,
    callLog,
    scheduler,
    shop: (slug) => runtime(slug).state,
    bucket: (slug, token) => bucketOf(runtime(slug), token ?? tokens[slug] ?? '', clock),
    stop: async () => {
      held.forEach((t) => clearTimeout(t));
      await app.close();
      snapshots.flush();
      // A folder of its own making goes with it: each run of the suite starts hundreds of emulators.
      if (!dataDir) rmSync(bulkDir, { recursive: true, force: true });
    },
  };
};

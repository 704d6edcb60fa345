import type { ProjectionRef } from '@dm/event-store';
import { createServer, type App } from '@dm/server-kit';
import type { ShopifyAdapter } from '@dm/shopify';
import type pg from 'pg';
import { authRoutes } from './features/auth/routes';
import { brandsRoutes } from './features/brands/routes';
import { catalogRoutes } from './features/catalog/routes';
import { discountCodesExportRoutes } from './features/discount-codes/export-routes';
import { discountCodesRoutes } from './features/discount-codes/routes';
import { discountsRoutes } from './features/discounts/routes';
import { codeSyncRoutes } from './features/code-sync/routes';
import { discountDriftRoutes } from './features/discount-drift/routes';
import { usersRoutes } from './features/users/routes';
import { locationsRoutes } from './features/locations/routes';
import { readYourWrites } from './plugins/read-your-writes';
import { auditRoutes } from './features/audit/routes';
import { asOfRoutes } from './features/as-of/routes';

export interface QueryApiOptions {
  readonly db: pg.Pool;
  readonly publicUrl: string;
  /** The projections whose progress reads wait for; all registered checkpoints when absent. */
  readonly projections?: readonly ProjectionRef[];
  readonly logLevel?: string;
  /** PROTECTED_USER_EMAILS: shown as the Protected badge. */
  readonly protectedEmails?: readonly string[];
  /** The availability check asks Shopify about codes the ledger does not hold (ARCHITECTURE §1's one exception). */
  readonly shopify?: ShopifyAdapter;
  /** How long the availability check waits for Shopify (default 5 s). */
  readonly shopifyTimeLimitMs?: number;
  /** Cache sessions, revoked everywhere through LISTEN/NOTIFY (decision 1407); the servers turn it on. */
  readonly sessionCache?: boolean;
}

/** The query API: every documented GET, from the rm.* read models, scoped to the caller's brands. */
export const buildApp = async (options: QueryApiOptions): Promise<App> => {
  const app = await createServer({
    name: 'query-api',
    db: options.db,
    allowedOrigins: [options.publicUrl],
    secureCookies: options.publicUrl.startsWith('https:'),
    logLevel: options.logLevel ?? 'info',
    ...(options.sessionCache ? { sessionCache: true } : {}),
  });
  await app.register(readYourWrites, options.projections ? { projections: options.projections } : {});
  await app.register(authRoutes);
  await app.register(brandsRoutes);
  await app.register(usersRoutes, { protectedEmails: options.protectedEmails ?? [] });
  await app.register(locationsRoutes, options.shopify ? { shopify: options.shopify } : {});
  await app.register(catalogRoutes);
  await app.register(discountsRoutes);
  await app.register(codeSyncRoutes);
  await app.register(discountDriftRoutes);
  await app.register(discountCodesRoutes, {
    ...(options.shopify ? { shopify: options.shopify } : {}),
    ...(options.shopifyTimeLimitMs ? { shopifyTimeLimitMs: options.shopifyTimeLimitMs } : {}),
  });
  await app.register(auditRoutes);
  await app.register(asOfRoutes);
  await app.register(discountCodesExportRoutes);
  return app;
};

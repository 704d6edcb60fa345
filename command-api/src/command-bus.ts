import { hasShopifyTokenInEnv } from './config/shopify-tokens';
import { authHandlers } from './features/auth/handlers';
import { brandsHandlers } from './features/brands/handlers';
import { catalogHandlers } from './features/catalog/handlers';
import { bulkCodesHandlers } from './features/discount-codes/bulk-handlers';
import { discountCodesHandlers } from './features/discount-codes/handlers';
import { discountDriftHandlers } from './features/discount-drift/handlers';
import { discountsHandlers } from './features/discounts/handlers';
import { codeSyncHandlers } from './features/code-sync/handlers';
import { locationsHandlers } from './features/locations/handlers';
import { usersHandlers } from './features/users/handlers';
import { createCommandContext, type CommandBusOptions } from './shared/command-context';

export { refoldLedger } from './features/discount-codes/ledger-refold';
export { systemActor, type Actor } from './shared/command';
export type { CommandBusOptions, CommandOptions } from './shared/command-context';

/**
 * The one way commands enter the system: HTTP routes, the seed, the CLI and the gateway's sign-in all go
 * through here, so the policy table and the deciders apply to every caller alike. Each feature adds its
 * handlers (build the command, run its decider on its stream) in its own `handlers.ts`.
 */
export const createCommandBus = (options: CommandBusOptions) => {
  const ctx = createCommandContext(options);
  const hasShopifyToken = options.hasShopifyToken ?? hasShopifyTokenInEnv;
  const locations = locationsHandlers(ctx);
  const catalog = catalogHandlers(ctx, {
    readLocations: locations.readLocations,
    hasShopifyToken,
    ...(options.importWaitMs === undefined ? {} : { importWaitMs: options.importWaitMs }),
  });
  return {
    newId: ctx.newId,
    ...brandsHandlers(ctx),
    ...usersHandlers(ctx),
    ...authHandlers(ctx),
    ...locations,
    ...catalog,
    ...discountsHandlers(ctx, {
      readLocations: locations.readLocations,
      hasShopifyToken,
      ...(options.db ? { db: options.db } : {}),
    }),
    ...codeSyncHandlers(ctx, {
      readLocations: locations.readLocations,
      hasShopifyToken,
    }),
    ...discountCodesHandlers(ctx, {
      readLocations: locations.readLocations,
      ...(options.db ? { db: options.db } : {}),
    }),
    ...discountDriftHandlers(ctx),
    ...bulkCodesHandlers(ctx, {
      readLocations: locations.readLocations,
      ...(options.db ? { db: options.db } : {}),
    }),
  };
};

export type CommandBus = ReturnType<typeof createCommandBus>;

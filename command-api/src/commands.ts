import { authCommands } from './features/auth/commands';
import { brandCommands } from './features/brands/commands';
import { catalogCommands } from './features/catalog/commands';
import { locationCommands } from './features/locations/commands';
import { userCommands } from './features/users/commands';
import { hasShopifyTokenInEnv } from './config/shopify-tokens';
import { createCommandContext, type CommandBusOptions } from './shared/command-context';

export { systemActor, type Actor } from './shared/command';
export type { CommandBusOptions, CommandOptions } from './shared/command-context';

/**
 * The one way commands enter the system: HTTP routes, the seed, the CLI and the gateway's sign-in all go
 * through here, so the policy table and the deciders apply to every caller alike. Each feature adds its
 * commands in its own `commands.ts`.
 */
export const createCommandBus = (options: CommandBusOptions) => {
  const ctx = createCommandContext(options);
  const locations = locationCommands(ctx);
  const catalog = catalogCommands(ctx, {
    readLocations: locations.readLocations,
    hasShopifyToken: options.hasShopifyToken ?? hasShopifyTokenInEnv,
    ...(options.importWaitMs === undefined ? {} : { importWaitMs: options.importWaitMs }),
  });
  return { newId: ctx.newId, ...brandCommands(ctx), ...userCommands(ctx), ...authCommands(ctx), ...locations, ...catalog };
};

export type CommandBus = ReturnType<typeof createCommandBus>;

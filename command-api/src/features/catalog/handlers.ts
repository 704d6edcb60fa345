import { brandCatalogStream, catalogImportStream } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import { shopifyStoreOf } from '../locations/shopify-store';
import type { Locations } from '../locations/state';
import { awaitImport } from './await-import';
import type { BrandCatalogCommand, LinkCatalogItems, MarkCatalogItems, RemoveCatalogLink } from './commands';
import { brandCatalogDecider, importDecider } from './decider';

export interface CatalogDeps {
  readonly readLocations: () => Promise<Locations>;
  /** Whether the store's Shopify token is configured (environment, or the emulator's tokens locally). */
  readonly hasShopifyToken: (slug: string) => boolean;
  /** How long an import call waits for the outcome before answering 202 (default 30 s). */
  readonly importWaitMs?: number;
}

export const catalogHandlers = (ctx: CommandContext, deps: CatalogDeps) => {
  const sendBrand = (brandId: number, command: BrandCatalogCommand) =>
    handleCommand(ctx.eventStore, brandCatalogStream(brandId), brandCatalogDecider, command, { brandId });

  return {
    /** Appends the request, then waits for the reactor's outcome; `finished: false` means still running. */
    importCatalog: async (
      data: { kind: 'products' | 'collections'; brandId: number; storeId: number },
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const metadata = ctx.metadata('RequestCatalogImport', actor, options);
      const importId = ctx.newId();
      const store = shopifyStoreOf((await deps.readLocations()).stores.get(data.storeId), deps.hasShopifyToken);
      const requested = await handleCommand(
        ctx.eventStore,
        catalogImportStream(importId),
        importDecider,
        { type: 'RequestCatalogImport', data: { ...data, importId, store }, metadata },
        { brandId: data.brandId },
      );
      const outcome = await awaitImport(ctx.eventStore, importId, deps.importWaitMs ?? 30_000);
      return { importId, outcome, position: outcome.finished ? outcome.position : requested.position };
    },
    markCatalogItems: (data: MarkCatalogItems['data'], mark: boolean, actor: Actor, options: CommandOptions = {}) => {
      const type = mark ? 'MarkCatalogItems' : 'UnmarkCatalogItems';
      const command: MarkCatalogItems = { type, data, metadata: ctx.metadata(type, actor, options) };
      return sendBrand(data.brandId, command);
    },
    linkCatalogItems: (data: Omit<LinkCatalogItems['data'], 'linkId'>, actor: Actor, options: CommandOptions = {}) => {
      const metadata = ctx.metadata('LinkCatalogItems', actor, options);
      const command: LinkCatalogItems = { type: 'LinkCatalogItems', data: { ...data, linkId: ctx.newId() }, metadata };
      return sendBrand(data.brandId, command);
    },
    removeCatalogLink: (data: RemoveCatalogLink['data'], actor: Actor, options: CommandOptions = {}) => {
      const metadata = ctx.metadata('RemoveCatalogLink', actor, options);
      const command: RemoveCatalogLink = { type: 'RemoveCatalogLink', data, metadata };
      return sendBrand(data.link.brandId, command);
    },
  };
};

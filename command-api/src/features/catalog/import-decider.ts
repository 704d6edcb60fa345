import type { CatalogImportEvent } from '@dm/events';
import { ConflictError, ForbiddenError, inBrandScope, NotFoundError } from '@dm/server-kit';
import type { Decider } from '../../shared/command';
import type { RequestCatalogImport } from './commands-types';

export interface ImportState {
  readonly requested: boolean;
}

/**
 * One import per stream: a store outside the caller's brand is not found (404); an inactive store or one
 * without a token cannot be imported (409, saying what to do).
 */
const decide = (command: RequestCatalogImport, state: ImportState): CatalogImportEvent[] => {
  const { importId, kind, brandId, storeId, store } = command.data;
  const { actor, now } = command.metadata;
  if (state.requested) return [];
  if (actor.id !== 'system' && !inBrandScope(actor.brandIds, brandId)) {
    throw new ForbiddenError(`You do not have access to brand ${brandId}.`);
  }
  if (!store || store.brandId !== brandId) {
    throw new NotFoundError(`Store ${storeId} was not found in brand ${brandId}. Choose a store of the brand.`);
  }
  if (!store.isActive) {
    throw new ConflictError(`Store ${store.name} is inactive. Activate it on the Stores page before importing.`);
  }
  if (!store.hasToken) {
    throw new ConflictError(
      `Store ${store.name} has no Shopify access token. Set the secret ${store.tokenVariable} and import again.`,
    );
  }
  return [
    {
      type: 'CatalogImportRequested',
      data: { importId, kind, brandId, storeId, storeSlug: store.urlSlug, requestedAt: now },
    },
  ];
};

export const importDecider: Decider<ImportState, RequestCatalogImport, CatalogImportEvent> = {
  decide,
  evolve: (state, event) => (event.type === 'CatalogImportRequested' ? { requested: true } : state),
  initialState: { requested: false },
};

import {
  ConflictError,
  ForbiddenError,
  inBrandScope,
  NotFoundError,
  type BrandCatalogEvent,
  type CatalogImportEvent,
  type CatalogItemKind,
  notConnectedAdvice,
} from '@dm/events';
import type { Decider } from '../../shared/command';
import type {
  BrandCatalogCommand,
  LinkCatalogItems,
  MarkCatalogItems,
  RemoveCatalogLink,
  RequestCatalogImport,
} from './commands';

// ── A brand's catalog (stream brand-catalog:<brandId>): marks and links ──

/** What people decided for one brand: marked items per kind, manual links, removed links. */
export interface BrandCatalog {
  readonly marked: ReadonlySet<string>;
  readonly links: ReadonlyMap<string, { readonly a: string; readonly b: string }>;
  readonly removed: ReadonlySet<string>;
}

const nounOf = (kind: CatalogItemKind, n: number) => `${kind}${n === 1 ? '' : 's'}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

const missing = (kind: CatalogItemKind, wanted: readonly string[], found: readonly string[]) => {
  const known = new Set(found);
  const absent = wanted.filter((id) => !known.has(id));
  if (absent.length > 0) {
    throw new NotFoundError(
      `${absent.length} ${nounOf(kind, absent.length)} not found in this brand: ${absent.slice(0, 3).join(', ')}. Refresh the list and try again.`,
    );
  }
};

const mark = (command: MarkCatalogItems, state: BrandCatalog): BrandCatalogEvent[] => {
  const { brandId, itemKind, itemIds, foundIds, memberIds } = command.data;
  missing(itemKind, itemIds, foundIds);
  const marking = command.type === 'MarkCatalogItems';
  // The whole group of each selected item, in every store it is linked in; members already so stay out.
  const changed = [...new Set([...itemIds, ...(memberIds ?? [])])].filter(
    (id) => state.marked.has(`${itemKind}:${id}`) !== marking,
  );
  if (changed.length === 0) return [];
  const now = command.metadata.now;
  return [
    marking
      ? { type: 'CatalogItemsMarked', data: { brandId, itemKind, itemIds: changed, markedAt: now } }
      : { type: 'CatalogItemsUnmarked', data: { brandId, itemKind, itemIds: changed, unmarkedAt: now } },
  ];
};

const link = (command: LinkCatalogItems, state: BrandCatalog): BrandCatalogEvent[] => {
  const { brandId, itemKind, linkId, sourceId, targetId, foundIds, alreadyLinked } = command.data;
  missing(itemKind, [sourceId, targetId], foundIds);
  const key = pairKey(sourceId, targetId);
  const manual = [...state.links.values()].some((l) => pairKey(l.a, l.b) === key);
  if (alreadyLinked || manual) {
    throw new ConflictError(
      `These ${itemKind}s are already linked. Remove the existing link first to link them again.`,
    );
  }
  return [
    {
      type: 'CatalogItemsLinked',
      data: { brandId, itemKind, linkId, sourceId, targetId, linkedAt: command.metadata.now },
    },
  ];
};

const remove = (command: RemoveCatalogLink, state: BrandCatalog): BrandCatalogEvent[] => {
  const { itemKind, link: found } = command.data;
  if (state.removed.has(found.linkId)) throw new NotFoundError('This link was already removed. Refresh the list.');
  return [
    {
      type: 'CatalogLinkRemoved',
      data: {
        brandId: found.brandId,
        itemKind,
        linkId: found.linkId,
        linkType: found.linkType,
        sourceId: found.sourceId,
        targetId: found.targetId,
        removedAt: command.metadata.now,
      },
    },
  ];
};

const decideBrandCatalog = (command: BrandCatalogCommand, state: BrandCatalog): BrandCatalogEvent[] => {
  switch (command.type) {
    case 'MarkCatalogItems':
    case 'UnmarkCatalogItems':
      return mark(command, state);
    case 'LinkCatalogItems':
      return link(command, state);
    case 'RemoveCatalogLink':
      return remove(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${String(exhaustive)}`);
    }
  }
};

const evolveBrandCatalog = (state: BrandCatalog, event: BrandCatalogEvent): BrandCatalog => {
  const { itemKind } = event.data;
  switch (event.type) {
    case 'CatalogItemsMarked':
      return { ...state, marked: new Set([...state.marked, ...event.data.itemIds.map((id) => `${itemKind}:${id}`)]) };
    case 'CatalogItemsUnmarked': {
      const marked = new Set(state.marked);
      event.data.itemIds.forEach((id) => marked.delete(`${itemKind}:${id}`));
      return { ...state, marked };
    }
    case 'CatalogItemsLinked':
      return {
        ...state,
        links: new Map(state.links).set(event.data.linkId, { a: event.data.sourceId, b: event.data.targetId }),
      };
    case 'CatalogLinkRemoved': {
      const links = new Map(state.links);
      links.delete(event.data.linkId);
      return { ...state, links, removed: new Set([...state.removed, event.data.linkId]) };
    }
  }
};

export const brandCatalogDecider: Decider<BrandCatalog, BrandCatalogCommand, BrandCatalogEvent> = {
  decide: decideBrandCatalog,
  evolve: evolveBrandCatalog,
  initialState: { marked: new Set(), links: new Map(), removed: new Set() },
};

// ── One import (stream catalog-import:<importId>) ──

export interface ImportState {
  readonly requested: boolean;
}

/**
 * One import per stream: a store outside the caller's brand is not found (404); an inactive store or one
 * without a token cannot be imported (409, saying what to do).
 */
const decideImport = (command: RequestCatalogImport, state: ImportState): CatalogImportEvent[] => {
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
    throw new ConflictError(notConnectedAdvice(store.name));
  }
  return [
    {
      type: 'CatalogImportRequested',
      data: { importId, kind, brandId, storeId, storeSlug: store.urlSlug, requestedAt: now },
    },
  ];
};

export const importDecider: Decider<ImportState, RequestCatalogImport, CatalogImportEvent> = {
  decide: decideImport,
  evolve: (state, event) => (event.type === 'CatalogImportRequested' ? { requested: true } : state),
  initialState: { requested: false },
  // Each request is its own stream, under an id made for it.
  startsStream: () => true,
};

import type { CatalogItemKind } from '@dm/events';
import type { Command } from '../../shared/command';

/** What the caller found out about the store (locations stream + token configuration): the decider stays pure. */
export interface StoreFacts {
  readonly storeId: number;
  readonly name: string;
  readonly urlSlug: string;
  readonly brandId: number;
  readonly isActive: boolean;
  readonly hasToken: boolean;
  readonly tokenVariable: string;
}

export type RequestCatalogImport = Command<
  'RequestCatalogImport',
  { importId: string; kind: 'products' | 'collections'; brandId: number; storeId: number; store: StoreFacts | null }
>;

/**
 * Resolved by the caller from the read model: `foundIds`, which of `itemIds` exist in the brand's catalog;
 * `memberIds`, every member of their groups (decision 0660), which a mark or an unmark applies to. Without
 * `memberIds` only the items themselves change (seeds, benches and test worlds that mark exact copies).
 */
export type MarkCatalogItems = Command<
  'MarkCatalogItems' | 'UnmarkCatalogItems',
  {
    brandId: number;
    itemKind: CatalogItemKind;
    itemIds: readonly string[];
    foundIds: readonly string[];
    memberIds?: readonly string[];
  }
>;

export type LinkCatalogItems = Command<
  'LinkCatalogItems',
  {
    brandId: number;
    itemKind: CatalogItemKind;
    linkId: string;
    sourceId: string;
    targetId: string;
    foundIds: readonly string[];
    /** A link (automatic or manual) already joins the two items in the read model. */
    alreadyLinked: boolean;
  }
>;

export interface LinkFacts {
  readonly linkId: string;
  readonly brandId: number;
  readonly linkType: 'manual' | 'sku';
  readonly sourceId: string;
  readonly targetId: string;
}
export type RemoveCatalogLink = Command<'RemoveCatalogLink', { itemKind: CatalogItemKind; link: LinkFacts }>;

export type BrandCatalogCommand = MarkCatalogItems | LinkCatalogItems | RemoveCatalogLink;

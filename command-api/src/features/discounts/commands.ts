import type { CatalogItemKind, DiscountEvent } from '@dm/events';
import type { CreateDiscountInput } from '@dm/events/http';
import type { Command } from '../../shared/command';
import type { CatalogCoverage } from './preflight';

export type DiscountCreatedData = Extract<DiscountEvent, { type: 'DiscountCreated' }>['data'];
/** Who created or ended a discount, from the session. */
export type DiscountCreator = DiscountCreatedData['createdBy'];

/** A store as the locations stream holds it (any brand: a foreign store in the request is named in the refusal). */
export interface StoreFact {
  readonly id: number;
  readonly name: string;
  readonly brandId: number;
  readonly isActive: boolean;
  /** Whether Discount Manager holds the store's Shopify access token: a store without it takes no deployment. */
  readonly connected: boolean;
}

/** A catalog item as the catalog read model holds it; `available` when it or an item linked to it is marked. */
export interface CatalogItemFact {
  readonly id: string;
  readonly kind: CatalogItemKind;
  readonly brandId: number;
  readonly title: string;
  readonly storeName: string | null;
  readonly available: boolean;
}

/**
 * The spec's create payload (validated; the creator is the actor, never the payload's placeholder) plus what the
 * caller found out, so the decider stays pure: every store (the decider picks the brand's and names foreign ones),
 * the catalog items the payload names, and where those items have equivalents (the pre-flight, decision 1380).
 */
export type CreateDiscount = Command<
  'CreateDiscount',
  {
    discountId: string;
    input: CreateDiscountInput;
    stores: readonly StoreFact[];
    items: readonly CatalogItemFact[];
    coverage: CatalogCoverage;
    /** Random seed codes drawn by the handler (decision 1304): the first free in every target store is taken. */
    seedCandidates: readonly string[];
  }
>;
export type RetryDiscountDeployment = Command<'RetryDiscountDeployment', { discountId: string; storeId: number }>;
export type EndDiscount = Command<'EndDiscount', { discountId: string }>;

export type DiscountCommand = CreateDiscount | RetryDiscountDeployment | EndDiscount;

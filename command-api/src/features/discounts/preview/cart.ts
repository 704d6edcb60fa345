/** A product copy in one store, at the price of the variant the examples use. */
export interface PricedCopy {
  /** The catalog id the discount names (a member of the copy's group), or the copy's own id. */
  readonly targetId: string;
  readonly catalogId: string;
  readonly shopifyId: string;
  readonly title: string;
  readonly variantId: string;
  readonly priceCents: number;
  /** Shopify ids of the store's collections that hold it, as imported: what `inCollections` answers at checkout. */
  readonly collectionIds: readonly string[];
}

/** A collection's copy in one store, with the member its example cart shows (none when no member is priced). */
export interface CollectionCopy {
  readonly shopifyId: string;
  readonly title: string;
  readonly member: PricedCopy | null;
}

export interface CartItem {
  readonly copy: PricedCopy;
  readonly quantity: number;
}

/** A line as priced: its discounts are summed from the discount lines that name it. */
export interface PricedCart {
  readonly items: readonly CartItem[];
  readonly discounts: readonly { readonly message: string; readonly line: number | null; readonly cents: number }[];
}

/** One store's catalog as the examples need it: the copies of what the discount names, and one other product. */
export interface PreviewCatalog {
  /** By the catalog id the discount names (lower case). */
  readonly products: ReadonlyMap<string, PricedCopy>;
  readonly collections: ReadonlyMap<string, CollectionCopy>;
  /** A priced product of the store the discount does not name. */
  readonly untargeted: PricedCopy | null;
}

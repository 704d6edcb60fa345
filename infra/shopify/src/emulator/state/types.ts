/** The emulator's stored records: plain JSON so a shop snapshot is `JSON.stringify` of them. */

export type CustomerGetsValue =
  | { readonly kind: 'percentage'; readonly percentage: number }
  | { readonly kind: 'amount'; readonly amount: string; readonly appliesOnEachItem: boolean }
  | {
      readonly kind: 'onQuantity';
      readonly quantity: string;
      readonly effect: { readonly percentage: number } | { readonly amount: string };
    };

export type ItemsRecord =
  | { readonly kind: 'all' }
  | { readonly kind: 'products'; readonly productIds: readonly number[]; readonly variantIds: readonly number[] }
  | { readonly kind: 'collections'; readonly collectionIds: readonly number[] };

export type ContextRecord =
  | { readonly kind: 'all' }
  | { readonly kind: 'customers'; readonly ids: readonly string[] }
  | { readonly kind: 'segments'; readonly ids: readonly string[] };

export interface CombinesWith {
  readonly orderDiscounts: boolean;
  readonly productDiscounts: boolean;
  readonly shippingDiscounts: boolean;
}

export interface MetafieldRecord {
  readonly id: number;
  readonly namespace: string;
  readonly key: string;
  readonly type: string;
  readonly value: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CodeRecord {
  readonly id: number;
  code: string;
  readonly asyncUsageCount: number;
}

/** Codes `${prefix}${i}` for i in [0, count), ids firstId + i: a million codes without a million objects. */
export interface GeneratedCodes {
  readonly prefix: string;
  readonly count: number;
  readonly firstId: number;
  readonly removed: number[];
}

export interface CodeBlockRecord {
  generated: GeneratedCodes | null;
  explicit: CodeRecord[];
}

export type DiscountType = 'basic' | 'bxgy' | 'app';

export interface DiscountRecord {
  readonly id: number;
  type: DiscountType;
  title: string;
  startsAt: string;
  endsAt: string | null;
  readonly createdAt: string;
  updatedAt: string;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  usesPerOrderLimit: number | null;
  recurringCycleLimit: number | null;
  combinesWith: CombinesWith;
  context: ContextRecord;
  customerGets: {
    value: CustomerGetsValue;
    items: ItemsRecord;
    appliesOnOneTimePurchase: boolean;
    appliesOnSubscription: boolean;
  } | null;
  customerBuys: { value: { quantity: string } | { amount: string }; items: ItemsRecord } | null;
  minimumRequirement: { quantity: string } | { subtotal: string } | null;
  app: { functionId: string; discountClasses: string[] } | null;
  metafields: MetafieldRecord[];
  tags: string[];
  asyncUsageCount: number;
  /** True once codes were bulk-added: the first code can then no longer be renamed (reference §5.4). */
  bulkAdded: boolean;
  codes: CodeBlockRecord;
}

export interface VariantRecord {
  readonly id: number;
  readonly productId: number;
  title: string;
  sku: string;
  barcode: string | null;
  price: string;
  position: number;
  inventoryQuantity: number;
  readonly createdAt: string;
  updatedAt: string;
}

export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';

export interface ProductRecord {
  readonly id: number;
  title: string;
  handle: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  readonly createdAt: string;
  updatedAt: string;
  variantIds: number[];
}

export interface SmartRule {
  readonly column: 'TAG' | 'TYPE' | 'VENDOR';
  readonly relation: 'EQUALS';
  readonly condition: string;
}

export interface CollectionRecord {
  readonly id: number;
  title: string;
  handle: string;
  updatedAt: string;
  /** Manual ("custom") collections list their products; smart ones derive them from rules. */
  productIds: number[] | null;
  rules: { appliedDisjunctively: boolean; rules: SmartRule[] } | null;
}

export interface ShopSnapshot {
  readonly version: 1;
  readonly nextId: number;
  readonly discounts: DiscountRecord[];
  readonly products: ProductRecord[];
  readonly variants: VariantRecord[];
  readonly collections: CollectionRecord[];
}

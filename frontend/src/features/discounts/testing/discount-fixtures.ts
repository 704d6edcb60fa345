import type {
  Collection,
  DiscountDeployment,
  DiscountDetail,
  DiscountItem,
  Product,
  StoreListItem,
} from '@dm/events/http';

/** A valid UUID from a small number, so tests read ids like `uid(3)`. */
export const uid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const aDeployment = (storeId: number, overrides: Partial<DiscountDeployment> = {}): DiscountDeployment => ({
  storeId,
  storeName: `Aurora ${storeId}`,
  countryCode: `C${storeId}`,
  urlSlug: `aurora-${storeId}`,
  status: 'deployed',
  reason: null,
  retryable: false,
  attempts: 1,
  code: 'SUMMER-SALE',
  shopifyDiscountId: `gid://shopify/DiscountCodeNode/${storeId}`,
  updatedAt: '2025-01-05T10:00:00.000Z',
  ...overrides,
});

export const aDiscount = (n: number, overrides: Partial<DiscountItem> = {}): DiscountItem => ({
  id: uid(n),
  name: `Discount ${n}`,
  description: null,
  discountType: 'multi',
  brandId: 1,
  brandName: 'Aurora',
  createdAt: new Date(2025, 0, 5, 12).toISOString(),
  createdBy: 'admin@demo.test',
  createdByName: 'Ada Admin',
  amount: null,
  percentage: 10,
  currencySymbol: null,
  codeCount: 1,
  seedCode: 'SUMMER-SALE',
  startsAt: null,
  endsAt: null,
  status: 'active',
  deployments: [aDeployment(1)],
  ...overrides,
});

export const aDiscountDetail = (n: number, overrides: Partial<DiscountDetail> = {}): DiscountDetail => ({
  ...aDiscount(n),
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  rules: [{ target: { type: 'collection', id: uid(900), name: 'Summer' }, kind: 'percentage', amount: '10' }],
  gwp: null,
  combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  createdByEmail: 'admin@demo.test',
  endedAt: null,
  ...overrides,
});

export const aStore = (id: number, overrides: Partial<StoreListItem> = {}): StoreListItem => ({
  id,
  name: `Aurora ${id}`,
  urlSlug: `aurora-${id}`,
  shopifyDomain: `aurora-${id}.myshopify.com`,
  brandId: 1,
  countryId: id,
  isActive: true,
  connected: true,
  countryCode: `C${id}`,
  countryName: `Country ${id}`,
  regionCode: 'EU',
  regionName: 'Europe',
  ...overrides,
});

export const aProduct = (n: number, overrides: Partial<Product> = {}): Product => ({
  id: uid(100 + n),
  name: `Product ${n}`,
  title: `Product ${n}`,
  handle: `product-${n}`,
  status: 'ACTIVE',
  shopifyProductId: `gid://shopify/Product/${n}`,
  universalSku: `AUR-${n}`,
  sku: `AUR-${n}-S`,
  skuNormalized: `AUR-${n}-S`,
  isAvailableForDiscount: true,
  linkedProductIds: [],
  linkedStores: [],
  stores: [{ storeId: 1, storeName: 'Aurora 1' }],
  storeId: 1,
  storeName: 'Aurora 1',
  hasManualLink: false,
  variants: [],
  ...overrides,
});

export const aCollection = (n: number, overrides: Partial<Collection> = {}): Collection => ({
  id: uid(200 + n),
  title: `Collection ${n}`,
  handle: `collection-${n}`,
  shopifyCollectionId: `gid://shopify/Collection/${n}`,
  productsCount: 3,
  isAvailableForDiscount: true,
  linkedCollectionIds: [],
  linkedStores: [],
  stores: [{ storeId: 1, storeName: 'Aurora 1' }],
  storeId: 1,
  storeName: 'Aurora 1',
  hasManualLink: false,
  ...overrides,
});

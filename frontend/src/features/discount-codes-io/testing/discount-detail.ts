import type { DiscountDeployment, DiscountDetail } from '@dm/events/http';

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

/** A discount as GET /api/discounts/:id answers it (the fields this feature reads: deployments, status). */
export const aDiscountDetail = (n: number, overrides: Partial<DiscountDetail> = {}): DiscountDetail => ({
  id: uid(n),
  name: `Discount ${n}`,
  description: null,
  discountType: 'multi',
  brandId: 1,
  brandName: 'Aurora',
  createdAt: '2025-01-05T12:00:00.000Z',
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
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  rules: [{ target: { type: 'collection', id: uid(900), name: 'Summer' }, kind: 'percentage', amount: '10' }],
  gwp: null,
  combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  createdByEmail: 'admin@demo.test',
  endedAt: null,
  ...overrides,
});

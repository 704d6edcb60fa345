import { testNow } from '../../../shared/testing/decider-spec';
import type { CodesWorldEvent } from '../decider';

/** The given events of the codes deciders' specs: one Aurora discount on GB and DE, and another that held codes. */
export const discountId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const other = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const created: CodesWorldEvent = {
  type: 'DiscountCreated',
  data: {
    discountId,
    brandId: 1,
    name: 'Summer',
    description: null,
    discountType: 'multi',
    productScope: { type: 'all', productIds: [], collectionIds: [] },
    rules: [],
    gwp: null,
    startsAt: null,
    endsAt: null,
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
    storeIds: [1, 2],
    seedCode: 'SUMMER',
    createdBy: { userId: 'u1', name: 'Ada Admin', email: 'ada@x.test' },
    createdAt: testNow,
  },
};

export const requested = (storeId: number): CodesWorldEvent => ({
  type: 'DiscountDeploymentRequested',
  data: { discountId, storeId, attempt: 1, requestedAt: testNow },
});
export const deployed = (storeId: number): CodesWorldEvent => ({
  type: 'DiscountDeployed',
  data: {
    discountId,
    storeId,
    shopifyDiscountId: `gid://shopify/DiscountCodeNode/${storeId}`,
    code: 'SUMMER',
    attempt: 1,
    deployedAt: testNow,
  },
});
export const live = (storeId: number) => [requested(storeId), deployed(storeId)];

export const reserved = (storeId: number, code: string, holder = discountId, brandId = 1): CodesWorldEvent => ({
  type: 'CodeReserved',
  data: { storeId, code, discountId: holder, brandId, reservedAt: testNow },
});
export const released = (storeId: number, code: string, holder = other, brandId = 1): CodesWorldEvent => ({
  type: 'CodeReleased',
  data: { storeId, code, discountId: holder, brandId, releasedAt: testNow },
});

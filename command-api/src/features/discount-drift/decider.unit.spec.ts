import { ConflictError, NotFoundError, type DiscountDriftEvent, type DriftDifferences } from '@dm/events';
import { describe, it } from 'vitest';
import type { Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import { discountDriftDecider } from './decider';

const admin: Actor = { id: 'u1', email: 'ada@demo.test', name: 'Ada', level: 'admin', brandIds: [1] };
const foreign: Actor = { ...admin, brandIds: [2] };
const discountId = '11111111-1111-4111-8111-111111111111';
const syncId = '22222222-2222-4222-8222-222222222222';
const requestId = '33333333-3333-4333-8333-333333333333';
const target = { discountId, storeId: 4 };
const differences: DriftDifferences = {
  deleted: false,
  missingCodes: ['SPRING-1'],
  missingCodeCount: 1,
  unexpectedCodes: [],
  unexpectedCodeCount: 0,
  fields: [{ field: 'endsAt', ours: null, shopify: '2031-01-01T00:00:00.000Z' }],
};
const detected: DiscountDriftEvent = {
  type: 'DiscountDriftDetected',
  data: {
    ...target,
    brandId: 1,
    syncId,
    shopifyDiscountId: 'gid://shopify/DiscountCodeNode/9',
    differences,
    detectedAt: testNow,
  },
};
const cleared: DiscountDriftEvent = { type: 'DiscountDriftCleared', data: { ...target, syncId, clearedAt: testNow } };
const by = { userId: 'u1', name: 'Ada', email: 'ada@demo.test' };
const reassertRequested: DiscountDriftEvent = {
  type: 'DiscountDriftReassertRequested',
  data: {
    ...target,
    brandId: 1,
    requestId,
    shopifyDiscountId: 'gid://shopify/DiscountCodeNode/9',
    differences,
    requestedBy: by,
    requestedAt: testNow,
  },
};
const reassert = (actor: Actor = admin) => ({
  type: 'ReassertDiscountDrift' as const,
  data: { ...target, requestId },
  metadata: metadataFor(actor),
});
const accept = (actor: Actor = admin) => ({
  type: 'AcceptDiscountDrift' as const,
  data: target,
  metadata: metadataFor(actor),
});
const spec = deciderSpec(discountDriftDecider);

describe('When an admin re-asserts a standing drift', () => {
  it('should record the request with the differences as they were shown', () => {
    spec.given([detected]).when(reassert()).then([reassertRequested]);
  });
});

describe('When a re-assertion is already under way', () => {
  it('should refuse a second one and an acceptance', () => {
    spec
      .given([detected, reassertRequested])
      .when(reassert())
      .thenThrows(ConflictError, /being put back/);
    spec
      .given([detected, reassertRequested])
      .when(accept())
      .thenThrows(ConflictError, /being put back/);
  });
});

describe('When the last re-assertion failed', () => {
  it('should allow another', () => {
    const failed: DiscountDriftEvent = {
      type: 'DiscountDriftReassertFailed',
      data: { ...target, requestId, reason: 'Shopify is down', failedAt: testNow },
    };
    spec.given([detected, reassertRequested, failed]).when(reassert()).then([reassertRequested]);
  });
});

describe("When an admin accepts Shopify's version", () => {
  it('should record the accepted differences', () => {
    spec
      .given([detected])
      .when(accept())
      .then([
        {
          type: 'DiscountDriftAccepted',
          data: { ...target, brandId: 1, differences, acceptedBy: by, acceptedAt: testNow },
        },
      ]);
  });

  it('should refuse to accept twice: nothing stands any more', () => {
    const accepted = discountDriftDecider.decide(
      accept(),
      discountDriftDecider.evolve(discountDriftDecider.initialState, detected),
    );
    spec
      .given([detected, ...accepted])
      .when(accept())
      .thenThrows(ConflictError, /nothing to accept/);
  });
});

describe('When a later sync cleared the drift', () => {
  it('should have nothing to re-assert', () => {
    spec
      .given([detected, cleared])
      .when(reassert())
      .thenThrows(ConflictError, /nothing to re-assert/);
  });
});

describe('When there is no drift stream, or it is of a brand outside the caller’s', () => {
  it('should answer not found', () => {
    spec
      .given([])
      .when(reassert())
      .thenThrows(NotFoundError, /No drift of discount/);
    spec
      .given([detected])
      .when(accept(foreign))
      .thenThrows(NotFoundError, /No drift of discount/);
  });
});

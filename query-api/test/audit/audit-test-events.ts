import type { StreamAppend } from '@dm/event-store';
import { discountCodesStream, discountStream } from '@dm/events';
import { discountUuid } from '../../src/features/discounts/discount-test-events';

/** Metadata as the command API stamps it: who acted, for which brand. */
export const by = (email: string | null, brandId: number, actorId = `email:${email}`) => ({
  actorId,
  actorEmail: email,
  brandId,
  correlationId: 'c',
  causationId: null,
  commandId: `${actorId}-${Math.random()}`,
});
export const reactor = (brandId: number) => by(null, brandId, 'reactor:discount-deployment');

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString();

/**
 * Discount 1 of brand 1 after its creation: deployed to store 1; store 2 failed, was retried by admin@ and then
 * deployed; user@ added two codes, store 1 took both (one refused in store 2) and manager@ deleted one of them.
 */
export const discountStory = (): StreamAppend[] => {
  const discountId = discountUuid(1);
  const codes = [
    { codeId: discountUuid(501), code: 'SPRING-A' },
    { codeId: discountUuid(502), code: 'SPRING-B' },
  ];
  const event = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown>) => ({
    type,
    data: { discountId, ...data },
    metadata,
  });
  return [
    {
      streamId: discountStream(discountId),
      expected: 'exists',
      events: [
        event(
          'DiscountDeployed',
          { storeId: 1, shopifyDiscountId: 'gid://1', code: 'SEED-1', attempt: 1, deployedAt: at(1) },
          reactor(1),
        ),
        event(
          'DiscountDeploymentFailed',
          { storeId: 2, reason: 'Shopify: Product is not available', retryable: false, attempt: 1, failedAt: at(1) },
          reactor(1),
        ),
        event('DiscountDeploymentRequested', { storeId: 2, attempt: 2, requestedAt: at(2) }, by('admin@x.test', 1)),
        event(
          'DiscountDeployed',
          { storeId: 2, shopifyDiscountId: 'gid://2', code: 'SEED-1', attempt: 2, deployedAt: at(3) },
          reactor(1),
        ),
      ],
    },
    {
      streamId: discountCodesStream(discountId),
      expected: 'any',
      events: [
        event(
          'DiscountCodesAdded',
          {
            brandId: 1,
            codes,
            storeIds: [1, 2],
            savedLocally: false,
            influencerName: 'Ivy',
            addedBy: { userId: 'user@x.test', name: 'Uma User', email: 'user@x.test' },
            addedAt: at(4),
          },
          by('user@x.test', 1),
        ),
        event(
          'DiscountCodesPushStarted',
          { storeId: 1, chunkKey: 'store-1-chunk-0', codes: ['SPRING-A', 'SPRING-B'], startedAt: at(4) },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodesPushStarted',
          { storeId: 1, chunkKey: 'store-1-chunk-1', codes: ['OTHER-1'], startedAt: at(4) },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodesPushAccepted',
          {
            storeId: 1,
            chunkKey: 'store-1-chunk-1',
            creationId: 'gid://shopify/Creation/8',
            skipped: [],
            acceptedAt: at(4),
          },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodesPushAccepted',
          {
            storeId: 1,
            chunkKey: 'store-1-chunk-0',
            creationId: 'gid://shopify/Creation/7',
            skipped: ['SPRING-A'],
            acceptedAt: at(4),
          },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodesPushed',
          { storeId: 1, chunkKey: 'store-1-chunk-0', live: ['SPRING-A', 'SPRING-B'], refused: [], pushedAt: at(4) },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodesPushed',
          {
            storeId: 2,
            chunkKey: 'store-2-chunk-0',
            live: ['SPRING-A'],
            refused: [{ code: 'spring-b', reason: 'Code must be unique', conflict: true }],
            pushedAt: at(4),
          },
          by(null, 1, 'reactor:discount-codes'),
        ),
        event(
          'DiscountCodeDeleted',
          {
            brandId: 1,
            codeId: codes[1]!.codeId,
            code: 'SPRING-B',
            storeIds: [1, 2],
            deletedBy: { userId: 'manager@x.test', name: 'Max Manager', email: 'manager@x.test' },
            deletedAt: at(5),
          },
          by('manager@x.test', 1),
        ),
      ],
    },
  ];
};

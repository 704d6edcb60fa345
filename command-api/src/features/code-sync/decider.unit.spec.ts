import { ConflictError, NotFoundError, type CodeSyncEvent } from '@dm/events';
import { describe, it } from 'vitest';
import type { Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { StoreFacts } from './commands';
import { codeSyncDecider } from './decider';

const admin: Actor = { id: 'u1', email: 'a@x.test', level: 'admin', brandIds: [1] };
const syncId = '11111111-1111-4111-8111-111111111111';
const earlier = '22222222-2222-4222-8222-222222222222';
const store: StoreFacts = {
  storeId: 3,
  name: 'Aurora GB',
  urlSlug: 'aurora-uk',
  brandId: 1,
  isActive: true,
  hasToken: true,
  tokenVariable: 'AURORA_UK_SHOPIFY_TOKEN',
};
const trigger = (incremental: boolean, facts: StoreFacts | null = store, actor: Actor = admin) => ({
  type: 'TriggerCodeSync' as const,
  data: { syncId, storeId: 3, incremental, store: facts },
  metadata: metadataFor(actor),
});
const minutesBefore = (minutes: number) => new Date(Date.parse(testNow) - minutes * 60_000).toISOString();
const requested = (kind: 'full' | 'incremental', at: string): CodeSyncEvent => ({
  type: 'CodeSyncRequested',
  data: { syncId: earlier, storeId: 3, brandId: 1, storeSlug: 'aurora-uk', kind, updatedSince: null, requestedAt: at },
});
const completed = (kind: 'full' | 'incremental', startedAt: string): CodeSyncEvent => ({
  type: 'CodeSyncCompleted',
  data: {
    syncId: earlier,
    storeId: 3,
    kind,
    totalCodes: 10,
    totalDiscounts: 2,
    discountsChanged: 2,
    discountsRemoved: 0,
    startedAt,
    completedAt: startedAt,
  },
});
const spec = deciderSpec(codeSyncDecider);

describe('When a full sync is triggered on an idle store', () => {
  it('should record the request', () => {
    spec
      .given([])
      .when(trigger(false))
      .then([
        {
          type: 'CodeSyncRequested',
          data: {
            syncId,
            storeId: 3,
            brandId: 1,
            storeSlug: 'aurora-uk',
            kind: 'full',
            updatedSince: null,
            requestedAt: testNow,
          },
        },
      ]);
  });
});

describe('When the store cannot be synced', () => {
  it('should refuse an unknown or foreign store, an inactive store and a store without a token', () => {
    spec.given([]).when(trigger(false, null)).thenThrows(NotFoundError, 'Store 3 was not found');
    spec
      .given([])
      .when(trigger(false, store, { ...admin, brandIds: [2] }))
      .thenThrows(NotFoundError);
    spec
      .given([])
      .when(trigger(false, { ...store, isActive: false }))
      .thenThrows(ConflictError, 'Store Aurora GB is inactive');
    spec
      .given([])
      .when(trigger(false, { ...store, hasToken: false }))
      .thenThrows(
        ConflictError,
        "Aurora GB is not connected to Shopify yet: it takes no discounts and no code syncs. Ask the store's Shopify owner",
      );
  });
});

describe('When a sync is progressing', () => {
  it('should refuse a second trigger, saying how far it got', () => {
    spec
      .given([
        requested('full', minutesBefore(1)),
        {
          type: 'CodeSyncProgressed',
          data: {
            syncId: earlier,
            storeId: 3,
            codesSynced: 50,
            codesExpected: 100,
            linesDone: 52,
            bulkOperationId: null,
            at: minutesBefore(1),
          },
        },
      ])
      .when(trigger(false))
      .thenThrows(ConflictError, 'already in progress (50 of 100 codes)');
  });
});

describe('When a sync has had no update for more than 5 minutes', () => {
  it('should resume that sync rather than start another', () => {
    spec
      .given([requested('full', minutesBefore(6))])
      .when(trigger(false))
      .then([
        {
          type: 'CodeSyncResumeRequested',
          data: {
            syncId: earlier,
            storeId: 3,
            brandId: 1,
            storeSlug: 'aurora-uk',
            kind: 'full',
            requestedAt: testNow,
          },
        },
      ]);
  });
});

describe('When an incremental sync is triggered', () => {
  it('should refuse without a completed full sync', () => {
    spec.given([]).when(trigger(true)).thenThrows(ConflictError, 'no completed full sync yet');
    spec
      .given([
        requested('full', minutesBefore(60)),
        { type: 'CodeSyncFailed', data: { syncId: earlier, storeId: 3, reason: 'x', failedAt: minutesBefore(59) } },
      ])
      .when(trigger(true))
      .thenThrows(ConflictError, 'Run a full sync first');
  });
  it('should look from the last successful sync start, less five minutes of overlap', () => {
    spec
      .given([requested('full', minutesBefore(60)), completed('full', minutesBefore(60))])
      .when(trigger(true))
      .then([
        {
          type: 'CodeSyncRequested',
          data: {
            syncId,
            storeId: 3,
            brandId: 1,
            storeSlug: 'aurora-uk',
            kind: 'incremental',
            updatedSince: minutesBefore(65),
            requestedAt: testNow,
          },
        },
      ]);
  });
});

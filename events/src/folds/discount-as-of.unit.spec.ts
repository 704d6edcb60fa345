import { describe, expect, it } from 'vitest';
import { foldDiscountAsOf, type DiscountHistoryEvent } from './discount-as-of';
import { foldOfSnapshot, snapshotOfFold, type DiscountFoldSnapshot } from './discount-fold-snapshot';

const discountId = '00000000-0000-4000-8000-000000000001';
const codeA = '00000000-0000-4000-8000-00000000000a';
const codeB = '00000000-0000-4000-8000-00000000000b';
const codeA2 = '00000000-0000-4000-8000-0000000000a2';
const ada = { userId: 'u1', name: 'Ada', email: 'ada@x.test' };
const mo = { userId: 'u2', name: 'Mo', email: 'mo@x.test' };

let position = 0n;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute));
const recorded = (minute: number, event: Omit<DiscountHistoryEvent, 'createdAt' | 'globalPosition'>) =>
  ({ ...event, createdAt: at(minute), globalPosition: (position += 1n) }) as DiscountHistoryEvent;
const iso = (minute: number) => at(minute).toISOString();

const timeline: DiscountHistoryEvent[] = [
  recorded(0, {
    type: 'DiscountCreated',
    data: {
      discountId,
      brandId: 1,
      name: 'Spring',
      description: null,
      discountType: 'multi',
      productScope: { type: 'all', productIds: [], collectionIds: [] },
      rules: [],
      gwp: null,
      startsAt: null,
      endsAt: null,
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
      storeIds: [1, 2],
      seedCode: 'SPRING',
      createdBy: ada,
      createdAt: iso(0),
    },
  }),
  recorded(1, {
    type: 'DiscountDeploymentRequested',
    data: { discountId, storeId: 1, attempt: 1, requestedAt: iso(1) },
  }),
  recorded(1, {
    type: 'DiscountDeploymentRequested',
    data: { discountId, storeId: 2, attempt: 1, requestedAt: iso(1) },
  }),
  recorded(2, {
    type: 'DiscountDeployed',
    data: { discountId, storeId: 1, shopifyDiscountId: 'gid://1', code: 'SPRING', attempt: 1, deployedAt: iso(2) },
  }),
  recorded(2, {
    type: 'DiscountDeploymentFailed',
    data: { discountId, storeId: 2, reason: 'Shop closed', retryable: true, attempt: 1, failedAt: iso(2) },
  }),
  recorded(3, {
    type: 'DiscountCodesAdded',
    data: {
      discountId,
      brandId: 1,
      codes: [
        { codeId: codeA, code: 'AAA' },
        { codeId: codeB, code: 'BBB' },
      ],
      storeIds: [1],
      savedLocally: false,
      influencerName: 'Kim',
      addedBy: ada,
      addedAt: iso(3),
    },
  }),
  recorded(4, {
    type: 'DiscountCodesPushed',
    data: {
      discountId,
      storeId: 1,
      chunkKey: 'c1',
      live: ['aaa'],
      refused: [{ code: 'BBB', reason: 'taken', conflict: true }],
      pushedAt: iso(4),
    },
  }),
  recorded(5, {
    type: 'DiscountCodeDeleted',
    data: { discountId, brandId: 1, codeId: codeA, code: 'AAA', storeIds: [1], deletedBy: mo, deletedAt: iso(5) },
  }),
  recorded(6, {
    type: 'DiscountCodeRemovedFromStore',
    data: { discountId, codeId: codeA, code: 'AAA', storeId: 1, removedAt: iso(6) },
  }),
  recorded(7, {
    type: 'DiscountCodesAdded',
    data: {
      discountId,
      brandId: 1,
      codes: [{ codeId: codeA2, code: 'AAA' }],
      storeIds: [1],
      savedLocally: false,
      influencerName: null,
      addedBy: mo,
      addedAt: iso(7),
    },
  }),
  recorded(8, { type: 'DiscountEnded', data: { discountId, endedBy: mo, endedAt: iso(8) } }),
  recorded(9, { type: 'DiscountDeactivatedInStore', data: { discountId, storeId: 1, deactivatedAt: iso(9) } }),
];

const storesOf = (minute: number) => {
  const { discount } = foldDiscountAsOf(timeline, at(minute));
  return discount.status === 'none' ? null : Object.fromEntries(discount.stores);
};
const codesOf = (minute: number) =>
  [...foldDiscountAsOf(timeline, at(minute)).codes.codes.values()].map((c) => ({
    code: c.code,
    deleted: c.deletedAt !== null,
    stores: Object.fromEntries(c.stores),
  }));

describe('When a discount is folded as of a time', () => {
  it('should know nothing before its creation', () => {
    const fold = foldDiscountAsOf(timeline, new Date(at(0).getTime() - 1));
    expect(fold).toMatchObject({ discount: { status: 'none' }, position: null, eventCount: 0 });
    expect(fold.codes.codes.size).toBe(0);
  });

  it('should show each store as it stood: deployed, failed with the reason, then deactivated', () => {
    expect(storesOf(1)).toMatchObject({ 1: { outcome: 'pending', attempt: 1 }, 2: { outcome: 'pending' } });
    expect(storesOf(2)).toMatchObject({
      1: { outcome: 'deployed', shopifyDiscountId: 'gid://1', deactivated: false },
      2: { outcome: 'failed', reason: 'Shop closed', retryable: true },
    });
    expect(storesOf(9)).toMatchObject({ 1: { outcome: 'deployed', deactivated: true } });
    expect(foldDiscountAsOf(timeline, at(8)).discount).toMatchObject({ status: 'ended', ended: { endedBy: mo } });
  });

  it('should show the codes and their per-store states, honouring deletions and re-additions', () => {
    expect(codesOf(2)).toEqual([]);
    expect(codesOf(3)).toEqual([
      { code: 'AAA', deleted: false, stores: { 1: { state: 'pending', reason: null } } },
      { code: 'BBB', deleted: false, stores: { 1: { state: 'pending', reason: null } } },
    ]);
    expect(codesOf(4)).toEqual([
      { code: 'AAA', deleted: false, stores: { 1: { state: 'live', reason: null } } },
      { code: 'BBB', deleted: false, stores: { 1: { state: 'conflict', reason: 'taken' } } },
    ]);
    expect(codesOf(5)[0]).toEqual({ code: 'AAA', deleted: true, stores: { 1: { state: 'removing', reason: null } } });
    expect(codesOf(6).map((c) => c.code)).toEqual(['BBB']);
    expect(codesOf(7)).toEqual([
      { code: 'BBB', deleted: false, stores: { 1: { state: 'conflict', reason: 'taken' } } },
      { code: 'AAA', deleted: false, stores: { 1: { state: 'pending', reason: null } } },
    ]);
  });

  it('should name the last event folded, whatever order the two streams come in', () => {
    const isCodes = (e: DiscountHistoryEvent) => e.type.startsWith('DiscountCode');
    const codesFirst = [...timeline.filter(isCodes), ...timeline.filter((e) => !isCodes(e))];
    const fold = foldDiscountAsOf(codesFirst, at(4));
    expect(fold).toEqual(foldDiscountAsOf(timeline, at(4)));
    expect(fold.position).toBe(7n);
    expect(fold.eventCount).toBe(7);
  });

  it('should answer the same from a snapshot of any prefix, stored as JSON, as from the whole history', () => {
    const end = at(60);
    const whole = foldDiscountAsOf(timeline, end);
    const visible = (fold: ReturnType<typeof foldDiscountAsOf>) => ({ ...fold, codes: fold.codes.codes });
    for (let k = 0; k <= timeline.length; k += 1) {
      const stored = JSON.parse(
        JSON.stringify(snapshotOfFold(foldDiscountAsOf(timeline.slice(0, k), end))),
      ) as DiscountFoldSnapshot;
      const resumed = foldDiscountAsOf(timeline.slice(k), end, foldOfSnapshot(stored));
      expect(visible(resumed), `snapshot after ${k} events`).toEqual(visible(whole));
    }
  });
});

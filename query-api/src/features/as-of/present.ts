import type { DiscountAsOfFold, DiscountState, StoreDeployment } from '@dm/events';
import type { DiscountAsOf, DiscountAsOfConfiguration, DiscountAsOfStore } from '@dm/events/http';

const instant = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

/** The list's status rule (query-api discounts), judged at `at` instead of now. */
const statusAt = (discount: Exclude<DiscountState, { status: 'none' }>, at: Date) => {
  const { startsAt, endsAt } = discount.configuration;
  if (discount.status === 'ended') return 'ended';
  if (startsAt !== null && Date.parse(startsAt) > at.getTime()) return 'scheduled';
  if (endsAt !== null && Date.parse(endsAt) <= at.getTime()) return 'expired';
  return 'active';
};

const configurationOf = (discount: Exclude<DiscountState, { status: 'none' }>, at: Date): DiscountAsOfConfiguration => {
  const c = discount.configuration;
  return {
    id: c.discountId,
    name: c.name,
    description: c.description,
    discountType: c.discountType,
    brandId: c.brandId,
    seedCode: c.seedCode,
    startsAt: instant(c.startsAt),
    endsAt: instant(c.endsAt),
    productScope: c.productScope,
    rules: c.rules,
    gwp: c.gwp,
    combinesWith: c.combinesWith,
    createdAt: new Date(c.createdAt).toISOString(),
    createdByName: c.createdBy.name,
    createdByEmail: c.createdBy.email,
    endedAt: instant(discount.ended?.endedAt ?? null),
    status: statusAt(discount, at),
  };
};

const deploymentStatus = (store: StoreDeployment): DiscountAsOfStore['status'] =>
  store.deactivated ? 'ended' : store.outcome;

/** The fold as the answer carries it (events/src/http/as-of.ts), stores and codes in a stable order. */
export const presentAsOf = (
  discountId: string,
  at: Date,
  fold: DiscountAsOfFold,
  storeNames: ReadonlyMap<number, string>,
): DiscountAsOf => {
  const nameOf = (id: number) => storeNames.get(id) ?? `Store ${id}`;
  const byName = (a: { storeId: number; storeName: string }, b: { storeId: number; storeName: string }) =>
    a.storeName.localeCompare(b.storeName) || a.storeId - b.storeId;
  const { discount } = fold;
  const stores =
    discount.status === 'none'
      ? []
      : [...discount.stores].map(([storeId, store]) => ({
          storeId,
          storeName: nameOf(storeId),
          status: deploymentStatus(store),
          live: store.outcome === 'deployed' && !store.deactivated,
          attempts: store.attempt,
          code: store.code,
          shopifyDiscountId: store.shopifyDiscountId,
          reason: store.reason,
          retryable: store.retryable,
        }));
  const codes = [...fold.codes.codes.values()].map((held) => ({
    id: held.codeId,
    code: held.code,
    influencerName: held.influencerName,
    addedAt: new Date(held.addedAt).toISOString(),
    addedBy: held.addedBy,
    deleted: held.deletedAt !== null,
    deletedAt: instant(held.deletedAt),
    deletedBy: held.deletedBy,
    stores: [...held.stores]
      .map(([storeId, s]) => ({ storeId, storeName: nameOf(storeId), state: s.state, reason: s.reason }))
      .sort(byName),
  }));
  return {
    discountId,
    at: at.toISOString(),
    position: fold.position === null ? null : fold.position.toString(),
    eventCount: fold.eventCount,
    discount: discount.status === 'none' ? null : configurationOf(discount, at),
    stores: stores.sort(byName),
    codes,
  };
};

/** Every store the answer names, for one lookup of their names. */
export const storesNamedIn = (fold: DiscountAsOfFold): number[] => {
  const ids = new Set<number>(fold.discount.status === 'none' ? [] : fold.discount.stores.keys());
  for (const held of fold.codes.codes.values()) for (const id of held.stores.keys()) ids.add(id);
  return [...ids];
};

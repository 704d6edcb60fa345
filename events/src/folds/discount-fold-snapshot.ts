import { discountCodeEventSchema } from '../discount-codes';
import { discountEventSchema, foldCode } from '../discounts';
import type { DiscountAsOfFold, DiscountHistoryEvent } from './discount-as-of';
import type { CodeInStore, DiscountCodesState, HeldCode } from './discount-codes';
import type { DiscountState, StoreDeployment } from './discount';

/**
 * Snapshots of a discount's as-of fold (decision 1270): the fold of a prefix of its two streams, stored as JSON so
 * an answer folds only the events after it. Bump `discountFoldVersion` with any change to `evolveDiscount`,
 * `evolveDiscountCodes` or this encoding: snapshots of another version are never read (and the projection that
 * writes them rebuilds).
 */
export const discountFoldVersion = 2; // 2: codes folded as Shopify compares them (decision 1310)

/** Every this many events of a discount's two streams, a snapshot of the fold so far. */
export const discountFoldSnapshotEvery = 1_000;

type Entries<K, V> = [K, V][];

type DiscountSnapshot =
  | { readonly status: 'none' }
  | (Omit<Exclude<DiscountState, { status: 'none' }>, 'stores'> & { stores: Entries<number, StoreDeployment> });

type HeldCodeSnapshot = Omit<HeldCode, 'stores'> & { stores: Entries<number, CodeInStore> };

/**
 * The JSON a snapshot stores: Maps as arrays of entries, in their iteration order. The codes by folded code are
 * not stored: they are the codes' ids in the codes' order (an empty set the fold leaves behind reads as absent).
 */
export interface DiscountFoldSnapshot {
  readonly discount: DiscountSnapshot;
  readonly codes: HeldCodeSnapshot[];
  /** The highest global position folded (null when nothing was). */
  readonly position: string | null;
  readonly eventCount: number;
}

export const snapshotOfFold = (fold: DiscountAsOfFold): DiscountFoldSnapshot => ({
  discount: fold.discount.status === 'none' ? fold.discount : { ...fold.discount, stores: [...fold.discount.stores] },
  codes: [...fold.codes.codes.values()].map((held) => ({ ...held, stores: [...held.stores] })),
  position: fold.position === null ? null : fold.position.toString(),
  eventCount: fold.eventCount,
});

/** The fold a snapshot stored, as a fresh state the caller owns (the codes fold updates it in place). */
export const foldOfSnapshot = (snapshot: DiscountFoldSnapshot): DiscountAsOfFold => {
  const { discount } = snapshot;
  const codes: DiscountCodesState = { codes: new Map(), byFolded: new Map() };
  for (const held of snapshot.codes) {
    codes.codes.set(held.codeId, { ...held, stores: new Map(held.stores) });
    const folded = foldCode(held.code);
    const ids = codes.byFolded.get(folded);
    if (ids) ids.add(held.codeId);
    else codes.byFolded.set(folded, new Set([held.codeId]));
  }
  return {
    discount: discount.status === 'none' ? discount : { ...discount, stores: new Map(discount.stores) },
    codes,
    position: snapshot.position === null ? null : BigInt(snapshot.position),
    eventCount: snapshot.eventCount,
  };
};

/** One stored event of a discount's streams, already upcast to its current schema version. */
export interface UpcastDiscountEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly createdAt: Date;
  readonly globalPosition: bigint;
}

/** Parsed as the deciders see it: the codes stream's schema or the discount stream's. */
export const discountHistoryEventOf = (event: UpcastDiscountEvent): DiscountHistoryEvent => {
  const schema = event.streamId.startsWith('discount-codes:') ? discountCodeEventSchema : discountEventSchema;
  const parsed = schema.parse({ type: event.type, data: event.data });
  return Object.assign(parsed, { createdAt: event.createdAt, globalPosition: event.globalPosition });
};

import type { DiscountCodeEvent } from '../discount-codes';
import { foldCode } from '../discounts';

/**
 * The fold of a `discount-codes:<id>` stream: every code the discount holds and, per store, where it stands.
 * It keeps the codes projection's rules (decision 1102), so the past it answers is what the codes page showed
 * then: a store is `pending` until the push reactor reports it live or refused; a deleted code stays, its stores
 * `removing` (or `removal_failed`), until each store confirmed the removal. The deciders need none of this (the
 * codes stream does not shape their state), so this fold is the one every reading of the past shares.
 */
export type CodeStoreState = 'pending' | 'live' | 'failed' | 'conflict' | 'removing' | 'removal_failed';

export interface CodeInStore {
  readonly state: CodeStoreState;
  readonly reason: string | null;
}

export interface Person {
  readonly name: string;
  readonly email: string | null;
}

export interface HeldCode {
  readonly codeId: string;
  readonly code: string;
  readonly influencerName: string | null;
  readonly addedAt: string;
  readonly addedBy: Person;
  readonly deletedAt: string | null;
  readonly deletedBy: Person | null;
  readonly stores: Map<number, CodeInStore>;
}

export interface DiscountCodesState {
  /** In the order they were added. */
  readonly codes: Map<string, HeldCode>;
  /** Folded code → ids of the codes written so (a code deleted and added again has a new id). */
  readonly byFolded: Map<string, Set<string>>;
}

const empty = (): DiscountCodesState => ({ codes: new Map(), byFolded: new Map() });

export const initialDiscountCodesState: DiscountCodesState = Object.freeze(empty());

const forget = (state: DiscountCodesState, held: HeldCode) => {
  state.codes.delete(held.codeId);
  state.byFolded.get(foldCode(held.code))?.delete(held.codeId);
};

/** A push outcome applies to the code of that name in that store that is not being removed. */
const setState = (state: DiscountCodesState, storeId: number, code: string, next: CodeInStore) => {
  for (const codeId of state.byFolded.get(foldCode(code)) ?? []) {
    const inStore = state.codes.get(codeId)?.stores.get(storeId);
    if (inStore && inStore.state !== 'removing' && inStore.state !== 'removal_failed') {
      state.codes.get(codeId)!.stores.set(storeId, next);
    }
  }
};

/**
 * A discount can hold many thousands of codes, so copying per event would make a fold quadratic: each fold
 * starts from `initialDiscountCodesState`, which is never touched, and the first event swaps in a fresh state
 * that this fold alone owns and updates in place.
 */
export const evolveDiscountCodes = (current: DiscountCodesState, event: DiscountCodeEvent): DiscountCodesState => {
  const state = current === initialDiscountCodesState ? empty() : current;
  switch (event.type) {
    case 'DiscountCodesAdded': {
      const { codes, storeIds, influencerName, addedAt, addedBy } = event.data;
      for (const { codeId, code } of codes) {
        if (state.codes.has(codeId)) continue;
        const stores = new Map(storeIds.map((id) => [id, { state: 'pending', reason: null } as const]));
        const person = { name: addedBy.name, email: addedBy.email };
        state.codes.set(codeId, {
          codeId,
          code,
          influencerName,
          addedAt,
          addedBy: person,
          deletedAt: null,
          deletedBy: null,
          stores,
        });
        const ids = state.byFolded.get(foldCode(code)) ?? new Set<string>();
        state.byFolded.set(foldCode(code), ids.add(codeId));
      }
      return state;
    }
    case 'DiscountCodeDeleted': {
      const held = state.codes.get(event.data.codeId);
      if (!held) return state;
      const { deletedAt, deletedBy, storeIds } = event.data;
      // Stores it was never reserved in have nothing to remove; the others wait for the reactor's confirmation.
      const stores = new Map(
        [...held.stores.keys()]
          .filter((id) => storeIds.includes(id))
          .map((id) => [id, { state: 'removing', reason: null } as const]),
      );
      if (stores.size === 0) forget(state, held);
      else
        state.codes.set(held.codeId, {
          ...held,
          deletedAt,
          deletedBy: { name: deletedBy.name, email: deletedBy.email },
          stores,
        });
      return state;
    }
    case 'DiscountCodesPushStarted':
    case 'DiscountCodesPushBatched':
    case 'DiscountCodesPushAccepted':
    case 'DiscountCodeRemovalHeld':
      return state;
    case 'DiscountCodesPushed': {
      const { storeId, live, refused } = event.data;
      for (const code of live) setState(state, storeId, code, { state: 'live', reason: null });
      for (const { code, reason, conflict } of refused) {
        setState(state, storeId, code, { state: conflict ? 'conflict' : 'failed', reason });
      }
      return state;
    }
    case 'DiscountCodesPushFailed': {
      const { storeId, codes, reason } = event.data;
      for (const code of codes) setState(state, storeId, code, { state: 'failed', reason });
      return state;
    }
    case 'DiscountCodeRemovedFromStore': {
      const held = state.codes.get(event.data.codeId);
      if (!held) return state;
      held.stores.delete(event.data.storeId);
      if (held.deletedAt !== null && held.stores.size === 0) forget(state, held);
      return state;
    }
    case 'DiscountCodeRemovalFailed': {
      const held = state.codes.get(event.data.codeId);
      if (held?.stores.has(event.data.storeId)) {
        held.stores.set(event.data.storeId, { state: 'removal_failed', reason: event.data.reason });
      }
      return state;
    }
  }
};

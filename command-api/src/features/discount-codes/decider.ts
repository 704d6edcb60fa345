import { createHash } from 'node:crypto';
import {
  ConflictError,
  discountCodeEventSchema,
  foldCode,
  NotFoundError,
  ValidationError,
  type CodeReservationEvent,
  type DiscountCodeEvent,
} from '@dm/events';
import type { Decider } from '../../shared/command';
import { creatorOf, mayUseBrand } from '../discounts/decide-create';
import { holderOf, reserve } from '../discounts/ledger';
import {
  evolve as evolveDiscount,
  initialState,
  type DiscountWorld,
  type DiscountWorldEvent,
} from '../discounts/state';
import type { AddDiscountCodes, DeleteDiscountCode, DiscountCodeCommand } from './commands';

/**
 * Adding and deleting a discount's codes (docs/decisions/1101-adding-and-deleting-codes.md). The state is the
 * discount's (its stream: brand, target stores, which are deployed) plus the ledger streams of the codes asked
 * for; a code's events go to `discount-codes:<id>` and its reservations to the ledger, in one append.
 */
export type CodesEvent = DiscountCodeEvent | CodeReservationEvent;
export type CodesWorldEvent = DiscountWorldEvent | DiscountCodeEvent;

/** The same code id for the same command and code: a re-sent add records nothing new. */
export const codeIdOf = (commandId: string, code: string) => {
  const h = createHash('sha256')
    .update(`code\u0000${commandId}\u0000${foldCode(code)}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const existing = (state: DiscountWorld, command: Pick<DiscountCodeCommand, 'metadata'>, discountId: string) => {
  const discount = state.discount;
  if (discount.status === 'none' || !mayUseBrand(command.metadata.actor, discount.brandId)) {
    throw new NotFoundError(`Discount ${discountId} was not found.`);
  }
  return discount;
};

export const listed = (items: readonly string[]) =>
  `${items.slice(0, 5).join(', ')}${items.length > 5 ? ` and ${items.length - 5} more` : ''}`;

/**
 * Where codes may go (spec 001 §4): the discount must be the caller's and not ended; every chosen store deployed,
 * or, when none is, a target store (the codes are then saved locally). Shared by adding, importing, generating.
 */
export const codesTarget = (
  command: {
    readonly data: Pick<AddDiscountCodes['data'], 'discountId' | 'storeIds' | 'stores'>;
    readonly metadata: AddDiscountCodes['metadata'];
  },
  state: DiscountWorld,
): {
  discount: Exclude<DiscountWorld['discount'], { status: 'none' }>;
  savedLocally: boolean;
  nameOf: (id: number) => string;
} => {
  const { data } = command;
  const discount = existing(state, command, data.discountId);
  if (discount.status === 'ended') throw new ConflictError('This discount has ended: codes cannot be added to it.');
  const nameOf = (storeId: number) => data.stores.find((s) => s.id === storeId)?.name ?? `Store ${storeId}`;
  const deployed = [...discount.stores].filter(([, s]) => s.outcome === 'deployed').map(([id]) => id);
  const savedLocally = deployed.length === 0;
  const allowed = savedLocally ? [...discount.stores.keys()] : deployed;
  const outside = data.storeIds.filter((id) => !allowed.includes(id));
  if (outside.length > 0) {
    throw new ValidationError(
      savedLocally
        ? `${listed(outside.map(nameOf))}: not a target store of this discount.`
        : `${listed(outside.map(nameOf))}: this discount is not deployed there. Add codes to its deployed stores (${listed(deployed.map(nameOf))}).`,
    );
  }
  return { discount, savedLocally, nameOf };
};

/**
 * Spec 001 §4, issue 12: codes go to deployed stores of the discount; a discount deployed nowhere yet keeps them
 * for its target stores (saved locally, pushed once deployed). Every code must be free in every chosen store —
 * held by nobody, this discount included — or nothing of the request is recorded.
 */
const addCodes = (command: AddDiscountCodes, state: DiscountWorld): CodesEvent[] => {
  const { data, metadata } = command;
  const { discount, savedLocally, nameOf } = codesTarget(command, state);
  const taken = data.storeIds.flatMap((storeId) =>
    data.codes.flatMap((code) => {
      const holder = holderOf(state.ledger, storeId, code);
      if (!holder) return [];
      const where = holder.discountId === data.discountId ? ' (already a code of this discount)' : '';
      return [`${holder.code} in ${nameOf(storeId)}${where}`];
    }),
  );
  if (taken.length > 0) {
    throw new ConflictError(
      `${taken.length === 1 ? 'This code already exists' : 'These codes already exist'}: ${listed(taken)}. Nothing was added; choose other codes or stores.`,
    );
  }
  const added: CodesEvent = {
    type: 'DiscountCodesAdded',
    data: {
      discountId: data.discountId,
      brandId: discount.brandId,
      codes: data.codes.map((code) => ({ codeId: codeIdOf(metadata.commandId, code), code })),
      storeIds: [...data.storeIds],
      savedLocally,
      influencerName: data.influencerName,
      addedBy: creatorOf(metadata.actor),
      addedAt: metadata.now,
    },
  };
  const reservations = data.storeIds.flatMap((storeId) =>
    reserve(state.ledger, {
      storeId,
      storeName: nameOf(storeId),
      codes: data.codes,
      discountId: data.discountId,
      brandId: discount.brandId,
      now: metadata.now,
    }),
  );
  return [added, ...reservations];
};

/**
 * Managers and above delete a code (the policy table): it is removed from every store holding it for this
 * discount; each store's reservation is released by the reactor once Shopify confirms the removal there.
 */
const deleteCode = (command: DeleteDiscountCode, state: DiscountWorld): CodesEvent[] => {
  const { data, metadata } = command;
  const found = data.found;
  if (!found || found.deleted) throw new NotFoundError(`Code ${data.codeId} was not found.`);
  const discount = existing(state, command, found.discountId);
  const storeIds = [...discount.stores.keys()].filter(
    (storeId) => holderOf(state.ledger, storeId, found.code)?.discountId === found.discountId,
  );
  return [
    {
      type: 'DiscountCodeDeleted',
      data: {
        discountId: found.discountId,
        brandId: discount.brandId,
        codeId: found.codeId,
        code: found.code,
        storeIds,
        deletedBy: creatorOf(metadata.actor),
        deletedAt: metadata.now,
      },
    },
  ];
};

export const decide = (command: DiscountCodeCommand, state: DiscountWorld): CodesEvent[] => {
  switch (command.type) {
    case 'AddDiscountCodes':
      return addCodes(command, state);
    case 'DeleteDiscountCode':
      return deleteCode(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${String(exhaustive)}`);
    }
  }
};

const codeEventTypes: ReadonlySet<string> = new Set(discountCodeEventSchema.options.map((o) => o.eventType));
const isCodeEvent = (event: CodesWorldEvent): event is DiscountCodeEvent => codeEventTypes.has(event.type);

/** The discount's own events and the ledger's shape the state; the codes stream's events do not (they are many). */
export const discountCodesDecider: Decider<DiscountWorld, DiscountCodeCommand, CodesWorldEvent> = {
  decide,
  evolve: (state, event) => (isCodeEvent(event) ? state : evolveDiscount(state, event)),
  initialState,
};

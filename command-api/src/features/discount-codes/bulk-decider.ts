import type { RejectedRow } from '@dm/events/http';
import type { Command } from '../../shared/command';
import { creatorOf } from '../discounts/decide-create';
import { holderOf } from '../discounts/ledger';
import type { DiscountWorld } from '../discounts/state';
import type { StoreName } from './commands';
import type { ImportRow } from './csv-rows';
import { codeIdOf, codesTarget, type CodesEvent } from './decider';

/**
 * Codes added in bulk: a CSV import's valid rows, or codes made from a pattern (docs/decisions/1140-…). Unlike a
 * plain add, a code held in one of the chosen stores does not refuse the request: its row is rejected with the
 * reason and the others are added. Every added code is reserved in every chosen store in the same append.
 */
export type AddCodesInBulk = Command<
  'AddCodesInBulk',
  {
    discountId: string;
    rows: readonly ImportRow[];
    storeIds: readonly number[];
    stores: readonly StoreName[];
  }
>;

export interface BulkDecision {
  readonly events: CodesEvent[];
  readonly added: { readonly codeId: string; readonly code: string }[];
  readonly rejected: RejectedRow[];
  readonly savedLocally: boolean;
}

/** Codes per `DiscountCodesAdded`: the size a plain add may reach, so readers of the event stay bounded. */
export const codesPerEvent = 1000;

export const decideBulkAdd = (command: AddCodesInBulk, state: DiscountWorld): BulkDecision => {
  const { data, metadata } = command;
  const { discount, savedLocally, nameOf } = codesTarget(command, state);
  const rejected: RejectedRow[] = [];
  const free = data.rows.filter(({ row, code }) => {
    const heldIn = data.storeIds.flatMap((storeId) => {
      const holder = holderOf(state.ledger, storeId, code);
      if (!holder) return [];
      return [holder.discountId === data.discountId ? `${nameOf(storeId)} (this discount)` : nameOf(storeId)];
    });
    if (heldIn.length > 0) rejected.push({ row, code, reason: `Already used in ${heldIn.join(', ')}` });
    return heldIn.length === 0;
  });
  const added = free.map(({ code }) => ({ codeId: codeIdOf(metadata.commandId, code), code }));
  const byInfluencer = new Map<string | null, typeof added>();
  free.forEach(({ influencerName }, i) => {
    const group = byInfluencer.get(influencerName) ?? [];
    if (group.length === 0) byInfluencer.set(influencerName, group);
    group.push(added[i]!);
  });
  const additions: CodesEvent[] = [...byInfluencer].flatMap(([influencerName, codes]) =>
    Array.from({ length: Math.ceil(codes.length / codesPerEvent) }, (_, n) => ({
      type: 'DiscountCodesAdded' as const,
      data: {
        discountId: data.discountId,
        brandId: discount.brandId,
        codes: codes.slice(n * codesPerEvent, (n + 1) * codesPerEvent),
        storeIds: [...data.storeIds],
        savedLocally,
        influencerName,
        addedBy: creatorOf(metadata.actor),
        addedAt: metadata.now,
      },
    })),
  );
  // Every added code was just found free in every chosen store, and the file's codes are distinct: one
  // reservation each, as `reserve` would record them.
  const reservations: CodesEvent[] = data.storeIds.flatMap((storeId) =>
    added.map(({ code }) => ({
      type: 'CodeReserved' as const,
      data: { storeId, code, discountId: data.discountId, brandId: discount.brandId, reservedAt: metadata.now },
    })),
  );
  return { events: [...additions, ...reservations], added, rejected, savedLocally };
};

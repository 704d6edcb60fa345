import type { RecordedEvent } from '@dm/event-store';
import { foldCode, parseDomainEvent, type DiscountCodeEvent, type DiscountEvent } from '@dm/events';

/** Shopify's bulk add takes at most 250 codes per call: one chunk is one submission. */
export const chunkSize = 250;

export interface PushChunk {
  readonly discountId: string;
  readonly storeId: number;
  readonly chunkKey: string;
  readonly codes: readonly string[];
}

/** Log order: by transaction, then position (the order every reader sees, decision 0300). */
const before = (a: RecordedEvent, b: RecordedEvent) =>
  a.txId < b.txId || (a.txId === b.txId && a.globalPosition < b.globalPosition);

const chunks = (discountId: string, storeId: number, keyPrefix: string, codes: readonly string[]): PushChunk[] => {
  const out: PushChunk[] = [];
  for (let i = 0; i * chunkSize < codes.length; i++) {
    const part = codes.slice(i * chunkSize, (i + 1) * chunkSize);
    out.push({ discountId, storeId, chunkKey: `${keyPrefix}:${i}`, codes: part });
  }
  return out;
};

const firstDeployed = (discount: readonly RecordedEvent[], storeId: number) =>
  discount.find((raw) => {
    if (raw.type !== 'DiscountDeployed') return false;
    const event = parseDomainEvent(raw) as DiscountEvent;
    return event.type === 'DiscountDeployed' && event.data.storeId === storeId;
  });

/**
 * Codes added to a store the discount was already live in (earlier in the log) are pushed by their addition; codes
 * added before the store went live are pushed by its first `DiscountDeployed`. Deciding by log order makes each
 * code's push belong to exactly one trigger, and the chunks a trigger yields depend only on the log before it, so
 * they are the same after a restart.
 */
export const pushesOfAddition = (added: RecordedEvent, discount: readonly RecordedEvent[]): PushChunk[] => {
  const event = parseDomainEvent(added) as DiscountCodeEvent;
  if (event.type !== 'DiscountCodesAdded') return [];
  const { discountId, storeIds, codes } = event.data;
  return storeIds.flatMap((storeId) => {
    const live = firstDeployed(discount, storeId);
    if (!live || !before(live, added)) return [];
    return chunks(
      discountId,
      storeId,
      `${added.eventId}:${storeId}`,
      codes.map((c) => c.code),
    );
  });
};

export const pushesOfDeployment = (
  deployed: RecordedEvent,
  discount: readonly RecordedEvent[],
  codesLog: readonly RecordedEvent[],
) => {
  const event = parseDomainEvent(deployed) as DiscountEvent;
  if (event.type !== 'DiscountDeployed') return [];
  const { discountId, storeId } = event.data;
  if (firstDeployed(discount, storeId)?.eventId !== deployed.eventId) return [];
  const waiting = new Map<string, string>();
  for (const raw of codesLog) {
    if (!before(raw, deployed)) break;
    const e = parseDomainEvent(raw) as DiscountCodeEvent;
    if (e.type === 'DiscountCodesAdded' && e.data.storeIds.includes(storeId))
      for (const { codeId, code } of e.data.codes) waiting.set(codeId, code);
    if (e.type === 'DiscountCodeDeleted') waiting.delete(e.data.codeId);
  }
  return chunks(discountId, storeId, `${deployed.eventId}:${storeId}`, [...waiting.values()]);
};

/**
 * Pushes of `code` to the store that started and have no outcome yet, by chunk key, updated in place from more
 * of the codes stream: while one is in flight Shopify may still create the code, whatever a lookup says now.
 */
export const trackPushesInFlight = (
  open: Set<string>,
  events: readonly RecordedEvent[],
  storeId: number,
  code: string,
): Set<string> => {
  const folded = foldCode(code);
  for (const raw of events) {
    if (!raw.type.startsWith('DiscountCodesPush')) continue;
    const e = parseDomainEvent(raw) as DiscountCodeEvent;
    if (e.type === 'DiscountCodesPushStarted' && e.data.storeId === storeId) {
      if (e.data.codes.some((c) => foldCode(c) === folded)) open.add(e.data.chunkKey);
    }
    if ((e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed') && e.data.storeId === storeId) {
      open.delete(e.data.chunkKey);
    }
  }
  return open;
};

/**
 * Folds codes-stream events into the codes deleted and not added again since (folded), onto `deleted` (a copy).
 * Only deletions are parsed: an addition's codes are read as recorded, since most of a discount's log is additions
 * of up to a thousand codes each, and this runs before every pushed chunk.
 */
export const foldDeletions = (deleted: ReadonlySet<string>, events: readonly RecordedEvent[]): Set<string> => {
  const next = new Set(deleted);
  for (const raw of events) {
    if (raw.type === 'DiscountCodesAdded' && next.size > 0) {
      for (const { code } of (raw.data as { codes: readonly { code: string }[] }).codes) next.delete(foldCode(code));
    }
    if (raw.type === 'DiscountCodeDeleted') {
      const e = parseDomainEvent(raw) as DiscountCodeEvent;
      if (e.type === 'DiscountCodeDeleted') next.add(foldCode(e.data.code));
    }
  }
  return next;
};

import { ConcurrencyError, type EventStore, type ExpectedVersion } from '@dm/event-store';
import { randomInt } from 'node:crypto';
import { codeReservationStream, discountStream, randomSeedCode } from '@dm/events';
import type { ShopifyStore } from '@dm/shopify';
import { deterministicId } from '../../deterministic-id';
import type { DiscountHistory } from './history';
import { DeploymentProblem } from './problem';

export interface Reassignment {
  readonly eventStore: EventStore;
  readonly store: ShopifyStore;
  readonly storeId: number;
  readonly history: DiscountHistory;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly now: () => Date;
}

const batch = 10;
const rounds = 5;

/** Whether our ledger lets this discount take `code` in the store, and the version a reservation must expect. */
const ledgerState = async (r: Reassignment, code: string): Promise<{ free: boolean; expected: ExpectedVersion }> => {
  const events = await r.eventStore.readStream(codeReservationStream(r.storeId, code));
  const last = events.at(-1);
  if (!last) return { free: true, expected: 'no_stream' };
  if (last.type === 'CodeReleased') return { free: true, expected: last.streamVersion };
  return { free: false, expected: last.streamVersion };
};

/**
 * The seed code is taken in this store by something outside our ledger: take another random seed code (decision
 * 1304) free both in our ledger and in the store, recording `DiscountSeedCodeReassigned` and its `CodeReserved`
 * in one atomic append (a reservation someone else won meanwhile is a concurrency error: try the next).
 */
export const reassignSeedCode = async (r: Reassignment, from: string): Promise<string> => {
  const { discountId, brandId } = r.history.created;
  for (let round = 0; round < rounds; round++) {
    const candidates = Array.from({ length: batch }, () => randomSeedCode(randomInt));
    const ledger = await Promise.all(candidates.map((code) => ledgerState(r, code)));
    const inLedger = candidates.filter((_, i) => ledger[i]!.free);
    const inStore = inLedger.length > 0 ? await r.store.checkCodesExist(inLedger) : new Map();
    for (const [i, code] of candidates.entries()) {
      if (!ledger[i]!.free || inStore.get(code) !== null) continue;
      const at = r.now().toISOString();
      const id = (what: string) =>
        deterministicId(`discount-deployment|${discountId}|${r.storeId}|${from}|${code}|${what}`);
      try {
        await r.eventStore.appendMany([
          {
            streamId: discountStream(discountId),
            expected: 'any',
            events: [
              {
                type: 'DiscountSeedCodeReassigned',
                data: { discountId, storeId: r.storeId, from, to: code, reassignedAt: at },
                eventId: id('reassigned'),
                metadata: r.metadata,
              },
            ],
          },
          {
            streamId: codeReservationStream(r.storeId, code),
            expected: ledger[i]!.expected,
            events: [
              {
                type: 'CodeReserved',
                data: { storeId: r.storeId, code, discountId, brandId, reservedAt: at },
                eventId: id('reserved'),
                metadata: r.metadata,
              },
            ],
          },
        ]);
        return code;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
  }
  throw new DeploymentProblem(`No free code was found in this store to replace ${from}`);
};

import {
  foldDiscountAsOf,
  parseDomainEvent,
  type DiscountCodeEvent,
  type DiscountEvent,
  type DiscountHistoryEvent,
} from '@dm/events';
import type { DiscountAsOf } from '@dm/events/http';
import type { LoggedEvent } from './run-log';
import type { World } from './world';

const samples = 10;
const farFuture = new Date('2999-01-01T00:00:00Z');

/** The codes not deleted, each with its state per store, in one comparable form. */
const codeLines = (codes: Iterable<{ code: string; stores: Iterable<[number, string]> }>) =>
  [...codes]
    .map(
      (c) =>
        `${c.code} ${[...c.stores]
          .map(([s, state]) => `${s}:${state}`)
          .sort()
          .join(' ')}`,
    )
    .sort();

/**
 * 5. As-of at any position equals the fold of the log up to that position. At instants just after some of the
 * discount's events (spread over its history), the answer must have folded a prefix of the log's order (its
 * `eventCount` first events, whose highest position is its `position`) that holds those events, and its codes must
 * be what folding that prefix gives.
 */
export const checkAsOf = async (
  world: World,
  discountId: string,
  events: readonly LoggedEvent[],
): Promise<string[]> => {
  const broken: string[] = [];
  const history: DiscountHistoryEvent[] = events.map((e) => ({
    ...(parseDomainEvent(e) as DiscountEvent | DiscountCodeEvent),
    createdAt: e.createdAt,
    globalPosition: e.position,
  }));
  const step = Math.max(1, Math.floor(events.length / samples));
  const picked = new Set([...events.keys()].filter((i) => i % step === 0).concat(events.length - 1));
  for (const i of picked) {
    const at = new Date(events[i]!.createdAt.getTime() + 1).toISOString();
    const answer = await world.api.read<DiscountAsOf>(
      `/api/discounts/${discountId}/as-of?at=${encodeURIComponent(at)}`,
    );
    if (answer.status !== 200) {
      broken.push(`as-of: discount ${discountId} at ${at} answered ${answer.status}`);
      continue;
    }
    const { position, eventCount, codes } = answer.json;
    // The log's first `eventCount` events, in its order: their highest position must be the answer's, and the
    // event recorded by `at` among them. (`position` is the highest folded, not the last in the log's order.)
    const prefix = events.slice(0, eventCount);
    const highest = prefix.reduce<bigint | null>(
      (max, e) => (max === null || e.position > max ? e.position : max),
      null,
    );
    if (eventCount <= i || (highest?.toString() ?? null) !== position) {
      broken.push(
        `as-of: discount ${discountId} at ${at} folded ${eventCount} events up to position ${position}, not the ` +
          `log's first ${eventCount} (up to position ${highest}), or not event ${events[i]!.position} recorded by then`,
      );
      continue;
    }
    const fold = foldDiscountAsOf(history.slice(0, eventCount), farFuture);
    const expected = codeLines(
      [...fold.codes.codes.values()]
        .filter((c) => c.deletedAt === null)
        .map((c) => ({ code: c.code, stores: [...c.stores].map(([s, v]) => [s, v.state] as [number, string]) })),
    );
    const actual = codeLines(
      codes
        .filter((c) => !c.deleted)
        .map((c) => ({ code: c.code, stores: c.stores.map((s) => [s.storeId, s.state] as [number, string]) })),
    );
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      broken.push(
        `as-of: discount ${discountId} at ${at} (position ${position}) shows codes ${JSON.stringify(actual).slice(0, 300)} but the log's fold up to there has ${JSON.stringify(expected).slice(0, 300)}`,
      );
    }
  }
  return broken;
};

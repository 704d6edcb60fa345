import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { discountCodesStream, discountFoldSnapshotEvery, type DiscountCodeEvent } from '@dm/events';
import { discountAsOfSchema, type DiscountAsOf } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, outcomes, type TestDiscount } from '../discounts/discount-test-events';

const id = discountUuid(7);
const d7: TestDiscount = {
  n: 7,
  brandId: 1,
  name: 'Long',
  description: null,
  kind: 'percentage',
  createdAt: '2026-04-01T09:00:00.000Z',
  storeIds: [1, 2],
};
const uma = { userId: 'user@x.test', name: 'Uma User', email: 'user@x.test' };
const codeUuid = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const code = (n: number) => `LONG${n}`;

let clock = new Date(Date.UTC(2026, 3, 1, 9, 0));
const appendTimes: Date[] = [];
let t: TestApp;
let eventStore: EventStore;
let user: { cookie: string };
let stranger: { cookie: string };

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
const random = (() => {
  let seed = 0x5eed;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), seed | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
})();

/** Code `n`'s life: added, pushed to both stores (every 7th refused in store 2), every 5th then deleted and removed. */
const lifeOf = (n: number, at: string): DiscountCodeEvent[] => {
  const events: DiscountCodeEvent[] = [
    {
      type: 'DiscountCodesAdded',
      data: {
        discountId: id,
        brandId: 1,
        codes: [{ codeId: codeUuid(n), code: code(n) }],
        storeIds: [1, 2],
        savedLocally: false,
        influencerName: n % 3 === 0 ? `Influencer ${n}` : null,
        addedBy: uma,
        addedAt: at,
      },
    },
    {
      type: 'DiscountCodesPushed',
      data: { discountId: id, storeId: 1, chunkKey: `a${n}`, live: [code(n)], refused: [], pushedAt: at },
    },
    {
      type: 'DiscountCodesPushed',
      data:
        n % 7 === 0
          ? {
              discountId: id,
              storeId: 2,
              chunkKey: `b${n}`,
              live: [],
              refused: [{ code: code(n), reason: 'Code must be unique', conflict: true }],
              pushedAt: at,
            }
          : { discountId: id, storeId: 2, chunkKey: `b${n}`, live: [code(n)], refused: [], pushedAt: at },
    },
  ];
  if (n % 5 === 0) {
    events.push(
      {
        type: 'DiscountCodeDeleted',
        data: {
          discountId: id,
          brandId: 1,
          codeId: codeUuid(n),
          code: code(n),
          storeIds: [1, 2],
          deletedBy: uma,
          deletedAt: at,
        },
      },
      {
        type: 'DiscountCodeRemovedFromStore',
        data: { discountId: id, codeId: codeUuid(n), code: code(n), storeId: 1, removedAt: at },
      },
    );
  }
  if (n % 10 === 0) {
    // Removed from the second store too (the fold forgets it), then added again under a new id and pushed.
    const again = codeUuid(n + 100_000);
    events.push(
      {
        type: 'DiscountCodeRemovedFromStore',
        data: { discountId: id, codeId: codeUuid(n), code: code(n), storeId: 2, removedAt: at },
      },
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId: id,
          brandId: 1,
          codes: [{ codeId: again, code: code(n).toLowerCase() }],
          storeIds: [1],
          savedLocally: false,
          influencerName: null,
          addedBy: uma,
          addedAt: at,
        },
      },
      {
        type: 'DiscountCodesPushFailed',
        data: {
          discountId: id,
          storeId: 1,
          chunkKey: `c${n}`,
          codes: [code(n)],
          reason: 'Timeout',
          retryable: true,
          failedAt: at,
        },
      },
    );
  }
  return events;
};

/**
 * A discount with about 2,600 events (so two or more snapshots of its fold), appended in 40 steps a minute apart,
 * with a failed and retried deployment among its codes' events.
 */
beforeAll(async () => {
  t = await buildTestApp();
  eventStore = createPostgresEventStore({ pool: t.db.pool, now: () => clock });
  for (const name of ['Aurora', 'Borealis']) await t.commands.registerBrand(name, systemActor);
  await t.commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await t.commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of ['aurora-uk', 'aurora-uk-2']) {
    await t.commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  }
  user = await t.signIn('user@x.test', 'user', [1]);
  stranger = await t.signIn('bo@x.test', 'manager', [2]);
  const step = async (append: () => Promise<unknown>) => {
    clock = new Date(clock.getTime() + 60_000);
    appendTimes.push(clock);
    await append();
  };
  await step(() => eventStore.appendMany(createdAppends(d7)));
  let n = 0;
  for (let s = 0; s < 40; s += 1) {
    const at = new Date(clock.getTime() + 60_000).toISOString();
    // The previous step's codes fail in the first store again: an event about codes folded in an earlier snapshot.
    const earlier = Array.from({ length: s === 0 ? 0 : 20 }, (_, i) => code(n - i));
    const events: DiscountCodeEvent[] = [
      ...Array.from({ length: 20 }, () => lifeOf((n += 1), at)).flat(),
      {
        type: 'DiscountCodesPushFailed',
        data: {
          discountId: id,
          storeId: 1,
          chunkKey: `s${s}`,
          codes: earlier,
          reason: `Step ${s}`,
          retryable: true,
          failedAt: at,
        },
      },
    ];
    await step(() => eventStore.appendMany([{ streamId: discountCodesStream(id), events, expected: 'any' }]));
    if (s === 10) {
      await step(() =>
        eventStore.appendMany([
          outcomes(d7, [
            {
              type: 'DiscountDeploymentFailed',
              data: {
                discountId: id,
                storeId: 2,
                reason: 'Product not found',
                retryable: true,
                attempt: 1,
                failedAt: at,
              },
            },
            { type: 'DiscountDeploymentRequested', data: { discountId: id, storeId: 2, attempt: 2, requestedAt: at } },
          ]),
        ]),
      );
    }
    if (s === 30) {
      await step(() =>
        eventStore.appendMany([
          outcomes(d7, [
            {
              type: 'DiscountDeployed',
              data: {
                discountId: id,
                storeId: 2,
                shopifyDiscountId: 'gid://d/2',
                code: 'SEED-7',
                attempt: 2,
                deployedAt: at,
              },
            },
          ]),
        ]),
      );
    }
  }
  await t.waitForProjections();
}, 120_000);

afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const asOf = async (at: Date): Promise<DiscountAsOf> => {
  const res = await t.app.inject({ url: `/api/discounts/${id}/as-of?at=${at.toISOString()}`, headers: user });
  expect(res.statusCode, res.body).toBe(200);
  return discountAsOfSchema.parse(res.json());
};

describe('as-of snapshots (decision 1270)', () => {
  it('should keep the brand scope when it answers from a snapshot', async () => {
    const res = await t.app.inject({ url: `/api/discounts/${id}/as-of?at=${clock.toISOString()}`, headers: stranger });
    expect(res.statusCode).toBe(404);
    const { rows } = await t.db.pool.query('SELECT 1 FROM rm.discount_fold_snapshots WHERE discount_id = $1', [id]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('should answer exactly what a fold of the whole history answers, at random instants', async () => {
    const { rows } = await t.db.pool.query<{ events: string }>(
      'SELECT events::text FROM rm.discount_fold_snapshots WHERE discount_id = $1 ORDER BY events',
      [id],
    );
    const total = (await asOf(new Date(clock.getTime() + 1))).eventCount;
    expect(total).toBeGreaterThan(2 * discountFoldSnapshotEvery);
    expect(rows.map((r) => Number(r.events))).toEqual(
      Array.from(
        { length: Math.floor(total / discountFoldSnapshotEvery) },
        (_, i) => (i + 1) * discountFoldSnapshotEvery,
      ),
    );
    const first = appendTimes[0]!.getTime();
    const instants = [
      ...Array.from({ length: 12 }, () => new Date(first + random() * (clock.getTime() - first + 60_000))),
      ...appendTimes, // exactly at each step, where a snapshot's last events are just recorded
    ];
    const withSnapshots = await Promise.all(instants.map(asOf));
    await t.db.pool.query('DELETE FROM rm.discount_fold_snapshots WHERE discount_id = $1', [id]);
    const withoutSnapshots = await Promise.all(instants.map(asOf));
    expect(withSnapshots.map((a) => a.eventCount).some((n) => n > discountFoldSnapshotEvery)).toBe(true);
    expect(withSnapshots).toEqual(withoutSnapshots);
  });
});

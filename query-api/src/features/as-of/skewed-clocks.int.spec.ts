import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import type { DiscountEvent } from '@dm/events';
import { discountAsOfSchema, type DiscountAsOf } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, outcomes, type TestDiscount } from '../discounts/discount-test-events';

// Issue 22: as-of cut the log by each event's recorded time, the writer's clock. Here two writers disagree: the
// deployment in store 1 is appended first by a writer whose clock runs 5 minutes ahead, the failure in store 2
// after it by one whose clock is right. At 10:02 the old cut folded the failure without the deployment before it:
// a state the log never held.
const id = discountUuid(1);
const d1: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: null,
  kind: 'percentage',
  createdAt: '2026-03-01T10:00:00.000Z',
  storeIds: [1, 2],
};
let clock = new Date(d1.createdAt);
let t: TestApp;
let eventStore: EventStore;
let user: { cookie: string };
const positions: Record<string, string> = {};

const recordedAt = async (iso: string, ...events: DiscountEvent[]) => {
  clock = new Date(iso);
  await eventStore.appendMany([outcomes(d1, events)]);
  const { rows } = await t.db.pool.query<{ p: string }>(
    `SELECT max(global_position)::text AS p FROM es.events WHERE stream_id = $1`,
    [`discount:${id}`],
  );
  return rows[0]!.p;
};

beforeAll(async () => {
  t = await buildTestApp();
  eventStore = createPostgresEventStore({ pool: t.db.pool, now: () => clock });
  await t.commands.registerBrand('Aurora', systemActor);
  await t.commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await t.commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  for (const urlSlug of ['aurora-uk', 'aurora-de'])
    await t.commands.createStore({ urlSlug, brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  user = await t.signIn('user@x.test', 'user', [1]);
  await eventStore.appendMany(createdAppends(d1));
  positions.deployed = await recordedAt('2026-03-01T10:05:00.000Z', {
    type: 'DiscountDeployed',
    data: {
      discountId: id,
      storeId: 1,
      shopifyDiscountId: 'gid://d/1',
      code: 'SEED-1',
      attempt: 1,
      deployedAt: '2026-03-01T10:05:00.000Z',
    },
  });
  positions.failed = await recordedAt('2026-03-01T10:01:00.000Z', {
    type: 'DiscountDeploymentFailed',
    data: {
      discountId: id,
      storeId: 2,
      reason: 'Product not found',
      retryable: true,
      attempt: 1,
      failedAt: '2026-03-01T10:01:00.000Z',
    },
  });
  await t.waitForProjections();
}, 60_000);
afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const asOf = async (query: string): Promise<DiscountAsOf> => {
  const res = await t.app.inject({ url: `/api/discounts/${id}/as-of?${query}`, headers: user });
  expect(res.statusCode, res.body).toBe(200);
  return discountAsOfSchema.parse(res.json());
};
const storesOf = (answer: DiscountAsOf) => answer.stores.map((s) => [s.storeId, s.status]);

describe("When writers' clocks disagree with the log's order", () => {
  it('should fold a prefix of the log: the last event recorded by the instant, and everything before it', async () => {
    const at = await asOf('at=2026-03-01T10:02:00Z');
    expect(at.position).toBe(positions.failed);
    expect(storesOf(at)).toEqual([
      [1, 'deployed'],
      [2, 'failed'],
    ]);
    expect(storesOf(await asOf('at=2026-03-01T10:00:30Z'))).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
  });

  it('should answer at a position exactly the log up to it, whichever clock wrote it', async () => {
    const deployed = await asOf(`position=${positions.deployed}`);
    expect(deployed.position).toBe(positions.deployed);
    expect(deployed.at).toBe('2026-03-01T10:05:00.000Z');
    expect(storesOf(deployed)).toEqual([
      [1, 'deployed'],
      [2, 'pending'],
    ]);
    expect(await asOf(`position=${positions.failed}`)).toEqual({
      ...(await asOf('at=2026-03-01T10:02:00Z')),
      at: '2026-03-01T10:01:00.000Z',
    });
  });

  it.each([`position=999999999`, `at=2026-03-01T10:02:00Z&position=1`, 'position=-1', ''])(
    'should answer 400 with a reason for ?%s',
    async (query) => {
      const res = await t.app.inject({ url: `/api/discounts/${id}/as-of?${query}`, headers: user });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/position|at/);
    },
  );
});

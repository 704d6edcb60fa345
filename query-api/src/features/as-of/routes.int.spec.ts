import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore, type StreamAppend } from '@dm/event-store';
import { discountCodesStream, type DiscountCodeEvent, type DiscountEvent } from '@dm/events';
import {
  discountAsOfSchema,
  discountCodesPageSchema,
  discountDetailSchema,
  type DiscountAsOf,
  type DiscountCodesPage,
  type DiscountDetail,
} from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import {
  createdAppends,
  discountUuid,
  outcomes,
  reservation,
  type TestDiscount,
} from '../discounts/discount-test-events';

let clock = new Date(Date.UTC(2026, 2, 1, 9, 0));
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock.toISOString();
};
const codeUuid = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const id = discountUuid(1);
const uma = { userId: 'user@x.test', name: 'Uma User', email: 'user@x.test' };
const max = { userId: 'manager@x.test', name: 'Max Manager', email: 'manager@x.test' };
const d1: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring',
  description: 'Spring sale',
  kind: 'percentage',
  createdAt: '2026-03-01T09:01:00.000Z',
  storeIds: [1, 2],
};

let t: TestApp;
let eventStore: EventStore;
let user: { cookie: string };
let stranger: { cookie: string };

/** What the read models answered at one moment of the script, and that moment. */
interface Snapshot {
  readonly at: string;
  readonly detail: DiscountDetail;
  readonly codes: DiscountCodesPage;
}
const snapshots: Snapshot[] = [];

const get = async (url: string, who = user) => {
  const res = await t.app.inject({ url, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
};
const snapshot = async () => {
  await t.waitForProjections();
  snapshots.push({
    at: clock.toISOString(),
    detail: discountDetailSchema.parse(await get(`/api/discounts/${id}`)),
    codes: discountCodesPageSchema.parse(await get(`/api/discounts/${id}/codes?limit=200`)),
  });
};
const onDiscount = (...events: DiscountEvent[]) => eventStore.appendMany([outcomes(d1, events)]);
const onCodes = (events: DiscountCodeEvent[], ...more: StreamAppend[]) =>
  eventStore.appendMany([{ streamId: discountCodesStream(id), events, expected: 'any' }, ...more]);

/**
 * The script: created for two stores; deployed in one, failed in the other; retried there and deployed, and
 * user@ adds three codes; they are pushed (one refused) and manager@ deletes one; the store confirms the removal
 * and the discount is ended and deactivated in one store. The read models are snapshot after each step.
 */
beforeAll(async () => {
  t = await buildTestApp();
  eventStore = createPostgresEventStore({ pool: t.db.pool, now: () => clock });
  for (const name of ['Aurora', 'Borealis']) await t.commands.registerBrand(name, systemActor);
  await t.commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await t.commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await t.commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
  await t.commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await t.commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 2 }, systemActor);
  user = await t.signIn('user@x.test', 'user', [1]);
  stranger = await t.signIn('bo@x.test', 'manager', [2]);

  tick();
  await eventStore.appendMany(createdAppends(d1));
  await snapshot();

  await onDiscount(
    {
      type: 'DiscountDeployed',
      data: {
        discountId: id,
        storeId: 1,
        shopifyDiscountId: 'gid://d/1',
        code: 'SEED-1',
        attempt: 1,
        deployedAt: tick(),
      },
    },
    {
      type: 'DiscountDeploymentFailed',
      data: {
        discountId: id,
        storeId: 2,
        reason: 'Product not found',
        retryable: true,
        attempt: 1,
        failedAt: clock.toISOString(),
      },
    },
  );
  await snapshot();

  await onDiscount(
    { type: 'DiscountDeploymentRequested', data: { discountId: id, storeId: 2, attempt: 2, requestedAt: tick() } },
    {
      type: 'DiscountDeployed',
      data: {
        discountId: id,
        storeId: 2,
        shopifyDiscountId: 'gid://d/2',
        code: 'SEED-1',
        attempt: 2,
        deployedAt: tick(),
      },
    },
  );
  const codes = ['ANNA10', 'BEN10', 'CARA10'];
  await onCodes(
    [
      {
        type: 'DiscountCodesAdded',
        data: {
          discountId: id,
          brandId: 1,
          codes: codes.map((code, i) => ({ codeId: codeUuid(i + 1), code })),
          storeIds: [1, 2],
          savedLocally: false,
          influencerName: 'Ivy',
          addedBy: uma,
          addedAt: tick(),
        },
      },
    ],
    ...codes.flatMap((code) =>
      [1, 2].map((store) => reservation({ ...d1, createdAt: clock.toISOString() }, store, code)),
    ),
  );
  await snapshot();

  await onCodes([
    {
      type: 'DiscountCodesPushed',
      data: { discountId: id, storeId: 1, chunkKey: 'k1', live: codes, refused: [], pushedAt: tick() },
    },
    {
      type: 'DiscountCodesPushed',
      data: {
        discountId: id,
        storeId: 2,
        chunkKey: 'k2',
        live: ['ANNA10', 'BEN10'],
        refused: [{ code: 'CARA10', reason: 'Code must be unique', conflict: true }],
        pushedAt: clock.toISOString(),
      },
    },
    {
      type: 'DiscountCodeDeleted',
      data: {
        discountId: id,
        brandId: 1,
        codeId: codeUuid(1),
        code: 'ANNA10',
        storeIds: [1, 2],
        deletedBy: max,
        deletedAt: tick(),
      },
    },
  ]);
  await snapshot();

  await onCodes([
    {
      type: 'DiscountCodeRemovedFromStore',
      data: { discountId: id, codeId: codeUuid(1), code: 'ANNA10', storeId: 1, removedAt: tick() },
    },
    {
      type: 'DiscountCodeRemovedFromStore',
      data: { discountId: id, codeId: codeUuid(1), code: 'ANNA10', storeId: 2, removedAt: clock.toISOString() },
    },
  ]);
  await onDiscount(
    { type: 'DiscountEnded', data: { discountId: id, endedBy: max, endedAt: tick() } },
    { type: 'DiscountDeactivatedInStore', data: { discountId: id, storeId: 1, deactivatedAt: tick() } },
  );
  await snapshot();
});
afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const asOf = async (at: string, who = user): Promise<DiscountAsOf> =>
  discountAsOfSchema.parse(await get(`/api/discounts/${id}/as-of?at=${encodeURIComponent(at)}`, who));

/** The parts of the read models' answers the as-of answer carries, in one comparable shape. */
const fromReadModels = ({ detail, codes }: Snapshot) => ({
  discount: {
    name: detail.name,
    description: detail.description,
    seedCode: detail.seedCode,
    rules: detail.rules,
    combinesWith: detail.combinesWith,
    createdAt: detail.createdAt,
    createdByName: detail.createdByName,
    endedAt: detail.endedAt,
    status: detail.status,
  },
  stores: detail.deployments.map((d) => ({
    storeId: d.storeId,
    storeName: d.storeName,
    status: d.status,
    attempts: d.attempts,
    code: d.code,
    shopifyDiscountId: d.shopifyDiscountId,
    reason: d.reason,
    retryable: d.retryable,
  })),
  // As-of folds the codes stream; the first (seed) code lives in the discount stream's deployments, shown there.
  codes: codes.data
    .filter((c) => !c.firstCode)
    .map((c) => ({
      id: c.id,
      code: c.code,
      influencerName: c.influencerName,
      deleted: c.deleted,
      stores: c.stores.map(({ storeId, storeName, state, reason }) => ({ storeId, storeName, state, reason })),
    }))
    .sort((a, b) => a.code.localeCompare(b.code)),
});
const fromAsOf = (answer: DiscountAsOf) => ({
  discount: {
    name: answer.discount?.name,
    description: answer.discount?.description,
    seedCode: answer.discount?.seedCode,
    rules: answer.discount?.rules,
    combinesWith: answer.discount?.combinesWith,
    createdAt: answer.discount?.createdAt,
    createdByName: answer.discount?.createdByName,
    endedAt: answer.discount?.endedAt,
    status: answer.discount?.status,
  },
  stores: answer.stores.map(({ live: _live, ...store }) => store),
  codes: answer.codes
    .map(({ id: codeId, code, influencerName, deleted, stores }) => ({
      id: codeId,
      code,
      influencerName,
      deleted,
      stores,
    }))
    .sort((a, b) => a.code.localeCompare(b.code)),
});

describe('GET /api/discounts/:id/as-of', () => {
  it('should equal what the read models showed at each of five moments of the script', async () => {
    expect(snapshots).toHaveLength(5);
    for (const moment of snapshots) expect(fromAsOf(await asOf(moment.at)), moment.at).toEqual(fromReadModels(moment));
  });

  it('should say where it was live, who added and deleted codes, and which event it ends at', async () => {
    const [, failed, , deleting, ended] = snapshots;
    const second = await asOf(failed!.at);
    expect(second.stores.map((s) => [s.storeId, s.live, s.reason])).toEqual([
      [2, false, 'Product not found'],
      [1, true, null],
    ]);
    const fourth = await asOf(deleting!.at);
    expect(fourth.codes.find((c) => c.code === 'ANNA10')).toMatchObject({
      deleted: true,
      addedBy: { name: 'Uma User', email: 'user@x.test' },
      deletedBy: { name: 'Max Manager', email: 'manager@x.test' },
    });
    const last = await asOf(ended!.at);
    expect(last.stores.filter((s) => s.live).map((s) => s.storeId)).toEqual([2]);
    expect(last.discount?.status).toBe('ended');
    expect(Number(last.position)).toBeGreaterThan(Number(fourth.position));
  });

  it('should answer an empty past before the creation, and take a day as its end', async () => {
    const before = await asOf(new Date(Date.parse(snapshots[0]!.at) - 1).toISOString());
    expect(before).toMatchObject({ discount: null, stores: [], codes: [], position: null, eventCount: 0 });
    const day = await asOf(snapshots[0]!.at.slice(0, 10));
    expect(day.discount?.status).toBe('ended');
  });

  it('should answer 404 for another brand or an unknown discount, and 400 for a bad or missing time', async () => {
    const foreign = await t.app.inject({
      url: `/api/discounts/${id}/as-of?at=2026-03-01T10:00:00Z`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: `/api/discounts/${discountUuid(99)}/as-of?at=2026-03-01T10:00:00Z`,
      headers: user,
    });
    expect(unknown.statusCode).toBe(404);
    for (const query of ['?at=yesterday', '?at=2026-13-45', '']) {
      const bad = await t.app.inject({ url: `/api/discounts/${id}/as-of${query}`, headers: user });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/at /);
    }
  });
});

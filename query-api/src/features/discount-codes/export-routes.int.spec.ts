import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { discountCodesStream, type DiscountCodeEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, creator, discountUuid, type TestDiscount } from '../discounts/discount-test-events';
import { exportPageSize } from './export-codes';

const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 10, minute)).toISOString();
const codeUuid = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const d1: TestDiscount = {
  n: 1,
  brandId: 1,
  name: 'Spring / "Sale"',
  description: null,
  kind: 'percentage',
  createdAt: at(0),
  storeIds: [1, 2],
};
// More codes than two pages, most of them added in the same instant: the pages must still cut between rows.
const perRequest = exportPageSize + 1000;
const added = (request: number, influencerName: string | null): DiscountCodeEvent => ({
  type: 'DiscountCodesAdded',
  data: {
    discountId: discountUuid(1),
    brandId: 1,
    codes: Array.from({ length: perRequest }, (_, i) => ({
      codeId: codeUuid(request * perRequest + i),
      code: `R${request}-${String(i).padStart(5, '0')}`,
    })),
    storeIds: [1, 2],
    savedLocally: false,
    influencerName,
    addedBy: { userId: 'uma', name: 'Uma', email: 'uma@x.test' },
    addedAt: at(request + 1),
  },
});

let t: TestApp;
let eventStore: EventStore;
let user: { cookie: string };
let stranger: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  const { commands } = t;
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 2 }, systemActor);
  await eventStore.appendMany(createdAppends(d1));
  await eventStore.append(
    discountCodesStream(discountUuid(1)),
    [
      added(0, 'Ivy, "the" Influencer'),
      added(1, null),
      {
        type: 'DiscountCodesPushed',
        data: {
          discountId: discountUuid(1),
          storeId: 1,
          chunkKey: 'k1',
          live: ['R1-00000'],
          refused: [{ code: 'R1-00001', reason: 'Code must be unique', conflict: true }],
          pushedAt: at(90),
        },
      },
    ],
    { expected: 'any' },
  );
  await t.waitForProjections();
  user = await t.signIn('user@x.test', 'user', [1]);
  stranger = await t.signIn('bo@x.test', 'manager', [2]);
}, 120_000);
afterAll(async () => {
  await eventStore.close();
  await t.close();
});

const download = (headers: { cookie: string }, id = discountUuid(1)) =>
  t.app.inject({ method: 'GET', url: `/api/discounts/${id}/codes/export`, headers });

describe('When a user exports the codes of a discount', () => {
  it('should download every code once, newest first, with its state in each store of the discount, the seed code last and marked', async () => {
    const response = await download(user);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Spring-Sale-codes.csv"');
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('code,influencer,added_by,added_at (ISO 8601 UTC),deleted,first_code,Aurora DE,Aurora GB');
    // The seed code closes the file as it closes the codes page: the discount's first code, pending in both stores.
    expect(lines.at(-2)).toBe(`SEED-1,,${creator.email},${at(0)},,yes,pending,pending`);
    const codes = lines.slice(1, -2).map((line) => line.split(',')[0]);
    expect(codes).toHaveLength(2 * perRequest);
    expect(new Set(codes).size).toBe(2 * perRequest);
    expect(codes.slice(0, 3)).toEqual(['R1-00000', 'R1-00001', 'R1-00002']);
    expect(codes.at(-1)).toBe(`R0-${String(perRequest - 1).padStart(5, '0')}`);
    expect(lines[1]).toBe(`R1-00000,,uma@x.test,${at(2)},,,pending,live`);
    expect(lines[2]).toBe(`R1-00001,,uma@x.test,${at(2)},,,pending,conflict: Code must be unique`);
    expect(lines.at(-3)).toBe(
      `R0-${String(perRequest - 1).padStart(5, '0')},"Ivy, ""the"" Influencer",uma@x.test,${at(1)},,,pending,pending`,
    );
  });

  it('should answer 404 for another brand or an unknown discount, and 400 for an id that is no UUID', async () => {
    expect((await download(stranger)).statusCode).toBe(404);
    expect((await download(user, discountUuid(7))).statusCode).toBe(404);
    const bad = await download(user, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/must be a UUID/);
  });
});

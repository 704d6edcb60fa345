import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { discountStream } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, item, type DiscountTestWorld } from './discount-world';

// Issue 22 §8: every creating command sent twice with one Idempotency-Key — both at once over real HTTP, then once
// more after both answered — answers the first one's status and body, and the log holds the command once.
type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let baseUrl: string;
let superAdmin: Headers;
let deployedId: string;
let uk: number;

interface Answer {
  readonly status: number;
  readonly body: string;
}

const send = async (as: Headers, url: string, body: unknown, key: string): Promise<Answer> => {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { ...as, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
};

const eventsOfCommand = async (key: string) =>
  Number(
    (
      await world.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM es.events WHERE metadata->>'commandId' = $1`,
        [`user-super@x.test:${key}`],
      )
    ).rows[0]!.n,
  );
/** Events of `type` whose data holds `text`: what a second run of a command would have added again. */
const eventsHolding = async (type: string, text: string) =>
  Number(
    (
      await world.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM es.events WHERE type = $1 AND strpos(data::text, $2) > 0`,
        [type, text],
      )
    ).rows[0]!.n,
  );

const discount = (name: string) => ({
  name,
  discountType: 'multi',
  brandId: 1,
  storeIds: [uk],
  multiConfig: {
    discounts: [{ target: { type: 'product', id: item.hat, name: 'Sun Hat' }, kind: 'percentage', amount: '10' }],
  },
});

beforeAll(async () => {
  world = await buildDiscountWorld({ hasShopifyToken: () => true });
  superAdmin = await world.signIn('super@x.test', 'super_admin', [1, 2]);
  uk = world.stores['aurora-uk']!;
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
  const created = await send(superAdmin, '/api/admin/discounts', discount('Codes here'), randomUUID());
  deployedId = (JSON.parse(created.body) as { id: string }).id;
  const stream = await world.eventStore.readStream(discountStream(deployedId));
  await world.eventStore.append(
    discountStream(deployedId),
    [
      {
        type: 'DiscountDeployed',
        data: {
          discountId: deployedId,
          storeId: uk,
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
          code: 'X',
          attempt: 1,
          deployedAt: new Date().toISOString(),
        },
      },
    ],
    { expected: stream.at(-1)!.streamVersion },
  );
}, 60_000);
afterAll(() => world.close());

interface Case {
  readonly url: () => string;
  readonly body: () => unknown;
  readonly status: number;
  /** The creation, as the log would hold it a second time had the command run twice. */
  readonly created: (first: Answer) => readonly [type: string, text: string];
}

const cases: Record<string, Case> = {
  discount: {
    url: () => '/api/admin/discounts',
    body: () => discount('Double click'),
    status: 201,
    created: () => ['DiscountCreated', '"Double click"'],
  },
  'codes (add)': {
    url: () => `/api/discounts/${deployedId}/codes`,
    body: () => ({ codes: ['TWICE10'], stores: [uk] }),
    status: 201,
    created: () => ['DiscountCodesAdded', '"TWICE10"'],
  },
  'codes (import)': {
    url: () => `/api/discounts/${deployedId}/codes/import`,
    body: () => ({ csv: 'code\nIMPORTED1\n', stores: [uk] }),
    status: 200,
    created: () => ['DiscountCodesAdded', '"IMPORTED1"'],
  },
  'codes (generate)': {
    url: () => `/api/discounts/${deployedId}/codes/generate`,
    body: () => ({ pattern: 'GEN-[8LN]', count: 3, stores: [uk] }),
    status: 201,
    created: () => ['DiscountCodesAdded', '"GEN-'],
  },
  'code sync': {
    url: () => `/api/stores/${uk}/code-sync/trigger`,
    body: () => ({ incremental: false }),
    status: 202,
    created: (first) => ['CodeSyncRequested', (JSON.parse(first.body) as { syncId: string }).syncId],
  },
  user: {
    url: () => '/api/permissions',
    body: () => ({ email: 'twice@x.test', permissionLevel: 'user', brandIds: [1] }),
    status: 201,
    created: () => ['PermissionGranted', '"twice@x.test"'],
  },
  store: {
    url: () => '/api/stores',
    body: () => ({ urlSlug: 'aurora-twice', brandId: 1, countryId: 1 }),
    status: 201,
    created: () => ['StoreCreated', '"aurora-twice"'],
  },
  region: {
    url: () => '/api/regions',
    body: () => ({ code: 'TW', name: 'Twice' }),
    status: 201,
    created: () => ['RegionCreated', '"Twice"'],
  },
  country: {
    url: () => '/api/countries',
    body: () => ({ code: 'TV', name: 'Twiceland', regionId: 1 }),
    status: 201,
    created: () => ['CountryCreated', '"Twiceland"'],
  },
};

describe.each(Object.entries(cases))('When a %s create is sent twice at once with one Idempotency-Key', (_, c) => {
  it("should answer both with the first one's status and body, and record it once", async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([
      send(superAdmin, c.url(), c.body(), key),
      send(superAdmin, c.url(), c.body(), key),
    ]);
    expect(first.status, first.body).toBe(c.status);
    expect(second).toEqual(first);
    const recorded = await eventsOfCommand(key);
    expect(recorded).toBeGreaterThan(0);
    expect(await eventsHolding(...c.created(first))).toBe(1);

    const third = await send(superAdmin, c.url(), c.body(), key);
    expect(third).toEqual(first);
    expect(await eventsOfCommand(key)).toBe(recorded);
  });
});

describe('When the first request with a key was refused', () => {
  it('should run the corrected request sent with the same key', async () => {
    const key = randomUUID();
    const refused = await send(superAdmin, '/api/regions', { code: 'EU', name: 'Europe again' }, key);
    expect(refused.status).toBe(409);
    const corrected = await send(superAdmin, '/api/regions', { code: 'CX', name: 'Corrected' }, key);
    expect(corrected.status, corrected.body).toBe(201);
  });
});

describe('When a key that answered is sent with another request', () => {
  it('should refuse it (409) and record nothing', async () => {
    const key = randomUUID();
    expect((await send(superAdmin, '/api/regions', { code: 'KA', name: 'Key A' }, key)).status).toBe(201);
    const before = await world.eventCount();
    const other = await send(superAdmin, '/api/regions', { code: 'KB', name: 'Key B' }, key);
    expect(other.status).toBe(409);
    expect(JSON.parse(other.body)).toEqual({ message: expect.stringMatching(/already used for a different request/) });
    expect(await world.eventCount()).toBe(before);
  });
});

import { systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore, type StreamAppend } from '@dm/event-store';
import { auditPageSchema, historyPageSchema, type HistoryEntry } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createdAppends, discountUuid, type TestDiscount } from '../discounts/discount-test-events';
import { by, discountStory } from '../../../test/audit/audit-test-events';

let t: TestApp;
let eventStore: EventStore;
const cookies: Record<string, string> = {};

const discount = (n: number, brandId: number, storeIds: number[]): TestDiscount => ({
  n,
  brandId,
  name: `Campaign ${n}`,
  description: null,
  kind: 'percentage',
  createdAt: new Date(Date.UTC(2026, 0, 5, 10, 0)).toISOString(),
  storeIds,
});
const stamped = (appends: StreamAppend[], metadata: Record<string, unknown>): StreamAppend[] =>
  appends.map((a) => ({ ...a, events: a.events.map((e) => ({ ...e, metadata })) }));

beforeAll(async () => {
  t = await buildTestApp();
  const { commands } = t;
  eventStore = createPostgresEventStore({ pool: t.db.pool });
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-de', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'borealis-uk', brandId: 2, brandName: 'Borealis', countryId: 1 }, systemActor);
  await commands.setStoreActive({ storeId: 3, isActive: false }, systemActor);
  await eventStore.appendMany(stamped(createdAppends(discount(1, 1, [1, 2])), by('admin@x.test', 1)));
  await eventStore.appendMany(discountStory());
  await eventStore.appendMany(stamped(createdAppends(discount(2, 2, [3])), by('admin-b@x.test', 2)));
  const people = [
    ['admin@x.test', 'admin', [1], 'Ada', 'Admin'],
    ['admin-b@x.test', 'admin', [2], 'Bea', 'Borealis'],
    ['manager@x.test', 'manager', [1], 'Max', 'Manager'],
    ['user@x.test', 'user', [1], 'Uma', 'User'],
    ['super@x.test', 'super_admin', [1], 'Sue', 'Super'],
  ] as const;
  for (const [email, level, brands, firstName, lastName] of people) {
    const { cookie } = await t.signIn(email, level, [...brands]);
    await commands.recordSignIn({ email, firstName, lastName, profileImageUrl: null, authType: 'replit' });
    cookies[email] = cookie;
  }
  await t.waitForProjections();
}, 60_000);
afterAll(async () => t.close());

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
const audit = async (who: string, query = '') => {
  const response = await get(who, `/api/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse(response.json());
};
const history = async (who: string, entity: string, query = '') => {
  const response = await get(who, `/api/history?entity=${encodeURIComponent(entity)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return historyPageSchema.parse(response.json());
};
const change = (entry: HistoryEntry | undefined, field: string) => entry?.changes.find((c) => c.field === field);

describe('GET /api/audit', () => {
  it('should refuse managers and users, and answer admins', async () => {
    expect((await get('user@x.test', '/api/audit')).statusCode).toBe(403);
    expect((await get('manager@x.test', '/api/audit')).statusCode).toBe(403);
    expect((await get('admin@x.test', '/api/audit')).statusCode).toBe(200);
  });

  it("should show an admin of brand 1 nothing of brand 2's, nor brand-less events", async () => {
    const { items } = await audit('admin@x.test', '?limit=200');
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((e) => e.brandIds.includes(1))).toBe(true);
    expect(items.some((e) => e.streamId === `discount:${discountUuid(2)}`)).toBe(false);
    expect(items.some((e) => e.type === 'RegionCreated')).toBe(false);
    // A store's later event (no brand of its own) inherits the store's brand: hidden from brand 1.
    expect(items.some((e) => e.type === 'StoreDeactivated')).toBe(false);
    const other = await audit('admin-b@x.test', '?limit=200');
    expect(other.items.some((e) => e.type === 'StoreDeactivated')).toBe(true);
    expect(other.items.every((e) => e.brandIds.includes(2))).toBe(true);
  });

  it("should narrow to one of the caller's brands, and refuse a foreign one", async () => {
    const { items } = await audit('super@x.test', '?brandId=2&limit=200');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.brandIds.includes(2))).toBe(true);
    const refused = await get('admin@x.test', '/api/audit?brandId=2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('You do not have access to brand 2.');
  });

  it('should show a super admin every brand and the brand-less events', async () => {
    const { items } = await audit('super@x.test', '?limit=200');
    expect(items.some((e) => e.type === 'RegionCreated' && e.brandIds.length === 0)).toBe(true);
    expect(items.some((e) => e.streamId === `discount:${discountUuid(2)}`)).toBe(true);
  });

  it('should page by position, newest first, without gaps or repeats', async () => {
    const all = (await audit('super@x.test', '?limit=200')).items.map((e) => e.position);
    const walked: number[] = [];
    let next: number | null = null;
    do {
      const page = await audit('super@x.test', `?limit=4${next === null ? '' : `&after=${next}`}`);
      walked.push(...page.items.map((e) => e.position));
      next = page.next;
    } while (next !== null);
    expect(walked).toEqual(all);
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it('should filter by person, entity, type and time range', async () => {
    const byUser = await audit('admin@x.test', '?person=USER@x.test');
    expect(byUser.items.map((e) => e.type)).toEqual(['UserSignedIn', 'DiscountCodesAdded']);
    expect(byUser.items[1]?.actor).toEqual({ id: 'email:user@x.test', email: 'user@x.test', name: 'Uma User' });
    // Part of a name or of an email finds the person too; a % is a character, not a wildcard.
    expect((await audit('admin@x.test', '?person=uma')).items.map((e) => e.type)).toEqual(
      byUser.items.map((e) => e.type),
    );
    expect((await audit('admin@x.test', '?person=user@x')).items.map((e) => e.type)).toEqual(
      byUser.items.map((e) => e.type),
    );
    expect((await audit('admin@x.test', '?person=%25')).items).toEqual([]);
    const codes = await audit('admin@x.test', '?entity=code');
    expect(new Set(codes.items.map((e) => e.entityKind))).toEqual(new Set(['code']));
    const one = await audit('admin@x.test', `?entity=discount:${discountUuid(1)}`);
    expect(one.items.map((e) => e.type)).toContain('DiscountCreated');
    expect(one.items.every((e) => e.streamId.endsWith(discountUuid(1)))).toBe(true);
    const failed = await audit('admin@x.test', '?type=DiscountDeploymentFailed');
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]?.data.reason).toBe('Shopify: Product is not available');
    const future = await audit('admin@x.test', '?from=2100-01-01T00:00:00Z');
    expect(future.items).toEqual([]);
    const upToNow = await audit('admin@x.test', `?type=DiscountCreated&to=${new Date().toISOString()}`);
    expect(upToNow.items).toHaveLength(1);
  });

  it.each([
    ['?limit=0', /limit/],
    ['?limit=abc', /limit/],
    ['?after=-1', /after/],
    ['?entity=planet', /entity/],
    ['?type=NoSuchThing', /not an event type/],
    ['?type=drop table', /type/],
    ['?from=yesterday', /from/],
    ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', /from must not be after to/],
  ])('should answer 400 with a reason for %s', async (query, reason) => {
    const response = await get('admin@x.test', `/api/audit${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(reason);
  });
});

describe('GET /api/audit/export', () => {
  it('should stream the filtered events as CSV, one line per event, newest first', async () => {
    const response = await get('admin@x.test', '/api/audit/export?format=csv&person=user@x.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-.*\.csv"/);
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe('position,at,type,entity_kind,stream_id,actor_id,actor_email,actor_name,brand_ids,data');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',UserSignedIn,user,user-access:user@x.test,email:user@x.test,user@x.test,Uma User,1,');
    expect(lines[2]).toContain(',DiscountCodesAdded,code,');
    expect(lines[2]).toContain('"{""codes"":');
  });

  it('should stream JSON lines with the whole data', async () => {
    const response = await get('super@x.test', '/api/audit/export?format=jsonl&type=DiscountCreated');
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; data: object });
    expect(rows.map((r) => r.type)).toEqual(['DiscountCreated', 'DiscountCreated']);
    expect(rows[0]?.data).toHaveProperty('seedCode');
  });

  it('should refuse a missing format and a user', async () => {
    expect((await get('admin@x.test', '/api/audit/export')).statusCode).toBe(400);
    expect((await get('user@x.test', '/api/audit/export?format=csv')).statusCode).toBe(403);
  });
});

describe('GET /api/history', () => {
  it("should tell a discount's story: who created it, each store's deployment, codes added and deleted", async () => {
    const { items, next } = await history('user@x.test', `discount:${discountUuid(1)}`);
    expect(next).toBeNull();
    const created = items[0];
    expect(created?.type).toBe('DiscountCreated');
    expect(created?.actor).toEqual({ id: 'email:admin@x.test', email: 'admin@x.test', name: 'Ada Admin' });
    expect(change(created, 'name')).toEqual({ field: 'name', old: null, new: 'Campaign 1' });
    const failed = items.find((e) => e.type === 'DiscountDeploymentFailed');
    expect(failed?.data.storeId).toBe(2);
    expect(change(failed, 'reason')?.new).toBe('Shopify: Product is not available');
    const retry = items.find((e) => e.type === 'DiscountDeploymentRequested' && e.data.attempt === 2);
    expect(retry?.actor.email).toBe('admin@x.test');
    expect(change(retry, 'attempt')).toEqual({ field: 'attempt', old: 1, new: 2 });
    const deployed = items.filter((e) => e.type === 'DiscountDeployed');
    expect(deployed.map((e) => [e.data.storeId, e.actor.id])).toEqual([
      [1, 'reactor:discount-deployment'],
      [2, 'reactor:discount-deployment'],
    ]);
    const added = items.find((e) => e.type === 'DiscountCodesAdded');
    expect(added?.actor.email).toBe('user@x.test');
    expect(change(added, 'codes')?.new).toEqual([
      { codeId: discountUuid(501), code: 'SPRING-A' },
      { codeId: discountUuid(502), code: 'SPRING-B' },
    ]);
    const deleted = items.find((e) => e.type === 'DiscountCodeDeleted');
    expect(deleted?.actor).toMatchObject({ email: 'manager@x.test', name: 'Max Manager' });
    expect(change(deleted, 'code')?.new).toBe('SPRING-B');
  });

  it('should page oldest first', async () => {
    const whole = (await history('user@x.test', `discount:${discountUuid(1)}`)).items.map((e) => e.position);
    const first = await history('user@x.test', `discount:${discountUuid(1)}`, '&limit=3');
    expect(first.items.map((e) => e.position)).toEqual(whole.slice(0, 3));
    const second = await history('user@x.test', `discount:${discountUuid(1)}`, `&limit=100&after=${first.next}`);
    expect(second.items.map((e) => e.position)).toEqual(whole.slice(3));
    expect(second.next).toBeNull();
  });

  it("should answer 404 for another brand's discount and for one that does not exist", async () => {
    expect((await get('admin@x.test', `/api/history?entity=discount:${discountUuid(2)}`)).statusCode).toBe(404);
    expect((await get('admin@x.test', `/api/history?entity=discount:${discountUuid(77)}`)).statusCode).toBe(404);
    expect((await get('super@x.test', `/api/history?entity=discount:${discountUuid(2)}`)).statusCode).toBe(200);
  });

  it("should tell a code's story: added by whom, taken or refused by each store, deleted", async () => {
    const gone = await history('user@x.test', `code:${discountUuid(502).toUpperCase()}`);
    expect(gone.items.map((e) => [e.type, e.actor.id])).toEqual([
      ['DiscountCodesAdded', 'email:user@x.test'],
      ['DiscountCodesPushStarted', 'reactor:discount-codes'],
      ['DiscountCodesPushAccepted', 'reactor:discount-codes'],
      ['DiscountCodesPushed', 'reactor:discount-codes'],
      ['DiscountCodesPushed', 'reactor:discount-codes'],
      ['DiscountCodeDeleted', 'email:manager@x.test'],
    ]);
    // Each list keeps only this code, so the story is about it and not its neighbours.
    expect(gone.items[0]?.data.codes).toEqual([{ codeId: discountUuid(502), code: 'SPRING-B' }]);
    // Shopify's job for its chunk is in the story (the chunk is known from its Started), the other chunk's is not.
    expect(gone.items[2]?.data).toMatchObject({ creationId: 'gid://shopify/Creation/7', skipped: [] });
    expect(gone.items[3]?.data).toMatchObject({ storeId: 1, live: ['SPRING-B'], refused: [] });
    expect(gone.items[4]?.data).toMatchObject({ storeId: 2, live: [], refused: [{ code: 'spring-b' }] });
    const kept = await history('user@x.test', `code:${discountUuid(501)}`);
    expect(kept.items.map((e) => e.type)).toEqual([
      'DiscountCodesAdded',
      'DiscountCodesPushStarted',
      'DiscountCodesPushAccepted',
      'DiscountCodesPushed',
      'DiscountCodesPushed',
    ]);
    expect(kept.items[2]?.data).toMatchObject({ skipped: ['SPRING-A'] });
    expect((await get('admin-b@x.test', `/api/history?entity=code:${discountUuid(501)}`)).statusCode).toBe(404);
    expect((await get('user@x.test', '/api/history?entity=code:not-a-uuid')).statusCode).toBe(404);
    expect((await get('user@x.test', `/api/history?entity=code:${discountUuid(599)}`)).statusCode).toBe(404);
  });

  it("should tell a store's and a user's story to the levels that manage them", async () => {
    const store = await history('admin-b@x.test', 'store:3');
    expect(store.items.map((e) => e.type)).toEqual(['StoreCreated', 'StoreDeactivated']);
    expect((await get('user@x.test', '/api/history?entity=store:1')).statusCode).toBe(403);
    const user = await history('manager@x.test', 'user:user@x.test');
    expect(user.items.map((e) => e.type)).toEqual(['PermissionGranted', 'UserSignedIn']);
    expect(change(user.items[0], 'permissionLevel')).toEqual({ field: 'permissionLevel', old: null, new: 'user' });
    // Regions belong to no brand: only a super admin reads their story.
    expect((await get('admin@x.test', '/api/history?entity=region:1')).statusCode).toBe(404);
    expect((await history('super@x.test', 'region:1')).items[0]?.type).toBe('RegionCreated');
  });

  it("should show each brand only its own part of a person's story when they moved between brands", async () => {
    await t.commands.grantPermission({ email: 'mover@x.test', permissionLevel: 'user', brandIds: [2] }, systemActor);
    const { rows } = await t.db.pool.query<{ userId: string }>(
      `SELECT data->>'userId' AS "userId" FROM es.events WHERE stream_id = 'user-access:mover@x.test'`,
    );
    const mover = { userId: rows[0]!.userId, email: 'mover@x.test' };
    await t.commands.changePermission(mover, { permissionLevel: 'user', brandIds: [1] }, systemActor);
    await t.waitForProjections();
    const ours = await history('manager@x.test', 'user:mover@x.test');
    expect(ours.items.map((e) => [e.type, e.brandIds])).toEqual([['PermissionChanged', [1]]]);
    // Brand 2's grant is not an earlier value here: it is not brand 1's to read.
    expect(change(ours.items[0], 'brandIds')).toEqual({ field: 'brandIds', old: null, new: [1] });
    const theirs = await history('admin-b@x.test', 'user:mover@x.test');
    expect(theirs.items.map((e) => [e.type, e.brandIds])).toEqual([['PermissionGranted', [2]]]);
    expect((await history('super@x.test', 'user:mover@x.test')).items).toHaveLength(2);
  });

  it.each(['', '?entity=discount', '?entity=planet:1', `?entity=discount:x&limit=500`])(
    'should answer 400 for %s',
    async (query) => {
      const response = await get('admin@x.test', `/api/history${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
    },
  );
});

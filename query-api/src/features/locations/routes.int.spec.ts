import { systemActor } from '@dm/command-api/commands';
import { createShopifyAdapter } from '@dm/shopify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
let superAdmin: { cookie: string };
let admin1: { cookie: string };
let manager: { cookie: string };
let user1: { cookie: string };

beforeAll(async () => {
  // Only aurora-uk's token is configured: the other stores are listed as not connected.
  const shopify = createShopifyAdapter({
    stores: [{ slug: 'aurora-uk', domain: 'aurora-uk.myshopify.com', token: 'shpat_test' }],
    emulatorUrl: 'http://127.0.0.1:9',
  });
  t = await buildTestApp({ shopify });
  const { commands } = t;
  for (const name of ['Aurora', 'Borealis']) await commands.registerBrand(name, systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createRegion({ code: 'NA', name: 'North America' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
  await commands.createCountry({ code: 'US', name: 'United States', regionId: 2 }, systemActor);
  const store = (urlSlug: string, brandId: number, brandName: string, countryId: number) =>
    commands.createStore({ urlSlug, brandId, brandName, countryId }, systemActor);
  await store('aurora-uk', 1, 'Aurora', 1);
  await store('aurora-us', 1, 'Aurora', 3);
  await store('borealis-uk', 2, 'Borealis', 1);
  await commands.setStoreActive({ storeId: 2, isActive: false }, systemActor);
  await t.waitForProjections();
  superAdmin = await t.signIn('super@x.test', 'super_admin', [1]);
  admin1 = await t.signIn('admin@x.test', 'admin', [1]);
  manager = await t.signIn('manager@x.test', 'manager', [1]);
  user1 = await t.signIn('user@x.test', 'user', [1]);
});
afterAll(() => t.close());

const get = (url: string, headers: object = {}) => t.app.inject({ url, headers: headers as Record<string, string> });

describe('GET /api/stores', () => {
  it("should list only the caller's brands' stores with country and region", async () => {
    const res = await get('/api/stores', user1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: 1,
        name: 'Aurora GB',
        urlSlug: 'aurora-uk',
        shopifyDomain: 'aurora-uk.myshopify.com',
        brandId: 1,
        countryId: 1,
        isActive: true,
        connected: true,
        countryCode: 'GB',
        countryName: 'United Kingdom',
        regionCode: 'EU',
        regionName: 'Europe',
      },
      expect.objectContaining({
        id: 2,
        urlSlug: 'aurora-us',
        isActive: false,
        connected: false,
        countryCode: 'US',
        regionCode: 'NA',
      }),
    ]);
  });

  it('should give a super admin every brand, and narrow to one brand with brandId', async () => {
    expect((await get('/api/stores', superAdmin)).json<{ urlSlug: string }[]>().map((s) => s.urlSlug)).toEqual([
      'aurora-uk',
      'aurora-us',
      'borealis-uk',
    ]);
    const narrowed = await get('/api/stores?brandId=2', superAdmin);
    expect(narrowed.json<{ brandId: number }[]>().map((s) => s.brandId)).toEqual([2]);
  });

  it('should refuse a foreign brandId with 403 and a malformed one with 400', async () => {
    const foreign = await get('/api/stores?brandId=2', user1);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'You do not have access to brand 2.' });
    const bad = await get('/api/stores?brandId=abc', user1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid querystring: brandId: brandId must be a positive whole number.' });
  });

  it('should answer 401 when signed out', async () => {
    expect((await get('/api/stores')).statusCode).toBe(401);
  });
});

describe('GET /api/countries', () => {
  it('should list countries with their region and store count to admins', async () => {
    const res = await get('/api/countries', admin1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 2, code: 'DE', name: 'Germany', regionId: 1, regionName: 'Europe', regionCode: 'EU', storeCount: 0 },
      { id: 1, code: 'GB', name: 'United Kingdom', regionId: 1, regionName: 'Europe', regionCode: 'EU', storeCount: 2 },
      {
        id: 3,
        code: 'US',
        name: 'United States',
        regionId: 2,
        regionName: 'North America',
        regionCode: 'NA',
        storeCount: 1,
      },
    ]);
  });

  it('should refuse a manager (403) and anonymous callers (401)', async () => {
    expect((await get('/api/countries', manager)).statusCode).toBe(403);
    expect((await get('/api/countries')).statusCode).toBe(401);
  });
});

describe('GET /api/regions', () => {
  it('should list regions with their country count to admins', async () => {
    const res = await get('/api/regions', admin1);
    expect(res.json()).toEqual([
      { id: 1, code: 'EU', name: 'Europe', countryCount: 2 },
      { id: 2, code: 'NA', name: 'North America', countryCount: 1 },
    ]);
  });

  it('should reflect renames and deletes after the projection catches up', async () => {
    await t.commands.createRegion({ code: 'APAC', name: 'Asia' }, systemActor);
    await t.commands.updateRegion({ regionId: 3, code: 'APAC', name: 'Asia Pacific' }, systemActor);
    await t.waitForProjections();
    expect((await get('/api/regions', admin1)).json()).toContainEqual({
      id: 3,
      code: 'APAC',
      name: 'Asia Pacific',
      countryCount: 0,
    });
    await t.commands.deleteRegion(3, systemActor);
    await t.waitForProjections();
    expect((await get('/api/regions', admin1)).json<unknown[]>()).toHaveLength(2);
  });

  it('should refuse a manager (403) and anonymous callers (401)', async () => {
    expect((await get('/api/regions', manager)).statusCode).toBe(403);
    expect((await get('/api/regions')).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicUrl, type TestApp } from '../../../test/build-app';

type Headers = { cookie: string; origin: string };
let t: TestApp;
let superAdmin: Headers;
let admin: Headers;
let europe: number;
let americas: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora');
  superAdmin = await t.signIn('super@x.test', 'super_admin', [1]);
  admin = await t.signIn('admin@x.test', 'admin', [1]);
  europe = (await send('POST', '/api/regions', superAdmin, { code: 'EU', name: 'Europe' })).json<{ id: number }>().id;
  americas = (await send('POST', '/api/regions', superAdmin, { code: 'NA', name: 'North America' })).json<{
    id: number;
  }>().id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Partial<Headers>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('POST /api/countries', () => {
  it('should create a country with its code uppercased', async () => {
    const res = await send('POST', '/api/countries', superAdmin, {
      code: 'gb',
      name: 'United Kingdom',
      regionId: europe,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, code: 'GB', name: 'United Kingdom', regionId: europe });
  });

  it.each([
    [{ code: 'GBR', name: 'x', regionId: 1 }, 'Invalid body: code: A country code is exactly 2 letters.'],
    [{ code: 'G1', name: 'x', regionId: 1 }, 'Invalid body: code: A country code is exactly 2 letters.'],
    [{ code: 'FR', name: '', regionId: 1 }, 'Invalid body: name: A name is required.'],
    [{ code: 'FR', name: 'France', regionId: '1' }, 'Invalid body: regionId: The region id must be a whole number.'],
    [{ code: 'FR', name: 'France' }, 'Invalid body: regionId: The region id is required.'],
    [{ code: 'FR', name: 'France', regionId: 0 }, 'Invalid body: regionId: The region id must be a positive number.'],
  ])('should refuse %j with 400 and a clear message', async (body, expected) => {
    const res = await send('POST', '/api/countries', superAdmin, body);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });

  it('should refuse a region that does not exist with 404 naming it', async () => {
    const res = await send('POST', '/api/countries', superAdmin, { code: 'FR', name: 'France', regionId: 77 });
    expect(res.statusCode).toBe(404);
    expect(message(res)).toMatch(/^Region 77 was not found/);
  });

  it('should refuse a duplicate code with 409', async () => {
    const res = await send('POST', '/api/countries', superAdmin, { code: 'GB', name: 'Britain', regionId: europe });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('A country with code GB already exists (United Kingdom).');
  });

  it('should refuse admin (403) and anonymous (401) callers', async () => {
    expect(
      (await send('POST', '/api/countries', admin, { code: 'FR', name: 'France', regionId: europe })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/countries', { origin: publicUrl }, { code: 'FR', name: 'F', regionId: europe }))
        .statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/countries/:id', () => {
  it('should move a country to another region and rename it', async () => {
    const { id } = (
      await send('POST', '/api/countries', superAdmin, { code: 'US', name: 'USA', regionId: europe })
    ).json<{ id: number }>();
    const res = await send('PATCH', `/api/countries/${id}`, superAdmin, {
      code: 'us',
      name: 'United States',
      regionId: americas,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, code: 'US', name: 'United States', regionId: americas });
    await t.projectors.waitForIdle();
    const { rows } = await t.db.pool.query('SELECT code, name, region_id FROM rm.countries WHERE id = $1', [id]);
    expect(rows).toEqual([{ code: 'US', name: 'United States', region_id: americas }]);
  });

  it('should answer 404 for an unknown country or region, 409 for a taken code', async () => {
    expect(
      (await send('PATCH', '/api/countries/999', superAdmin, { code: 'ZZ', name: 'x', regionId: europe })).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', '/api/countries/1', superAdmin, { code: 'GB', name: 'x', regionId: 999 })).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', '/api/countries/1', superAdmin, { code: 'US', name: 'x', regionId: europe })).statusCode,
    ).toBe(409);
  });

  it('should refuse admin (403) and anonymous (401) callers', async () => {
    expect(
      (await send('PATCH', '/api/countries/1', admin, { code: 'GB', name: 'x', regionId: europe })).statusCode,
    ).toBe(403);
    expect(
      (await send('PATCH', '/api/countries/1', { origin: publicUrl }, { code: 'GB', name: 'x', regionId: europe }))
        .statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/countries/:id', () => {
  it('should refuse a country that has stores with 409 and delete an empty one', async () => {
    const { id } = (
      await send('POST', '/api/countries', superAdmin, { code: 'DE', name: 'Germany', regionId: europe })
    ).json<{ id: number }>();
    await send('POST', '/api/stores', superAdmin, { urlSlug: 'aurora-de', brandId: 1, countryId: id });
    const refused = await send('DELETE', `/api/countries/${id}`, superAdmin);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('This country has 1 store that must be moved to another country first.');

    const { id: empty } = (
      await send('POST', '/api/countries', superAdmin, { code: 'FR', name: 'France', regionId: europe })
    ).json<{ id: number }>();
    expect((await send('DELETE', `/api/countries/${empty}`, superAdmin)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/countries/${empty}`, superAdmin)).statusCode).toBe(404);
  });

  it('should refuse admin (403) and anonymous (401) callers', async () => {
    expect((await send('DELETE', '/api/countries/1', admin)).statusCode).toBe(403);
    expect((await send('DELETE', '/api/countries/1', { origin: publicUrl })).statusCode).toBe(401);
  });
});

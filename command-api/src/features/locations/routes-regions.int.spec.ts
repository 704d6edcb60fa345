import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicUrl, type TestApp } from '../../../test/build-app';

type Headers = { cookie: string; origin: string };
let t: TestApp;
let superAdmin: Headers;
let admin: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora');
  superAdmin = await t.signIn('super@x.test', 'super_admin', [1]);
  admin = await t.signIn('admin@x.test', 'admin', [1]);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Partial<Headers>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const createRegion = (code: string, name = `Region ${code}`) =>
  send('POST', '/api/regions', superAdmin, { code, name });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('POST /api/regions', () => {
  it('should create a region with its code uppercased and answer the log position', async () => {
    const res = await createRegion(' emea ', ' Europe ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, code: 'EMEA', name: 'Europe' });
    expect(BigInt(res.headers['x-event-position'] as string)).toBeGreaterThan(0n);
    await t.projectors.waitForIdle();
    const { rows } = await t.db.pool.query('SELECT id, code, name FROM rm.regions');
    expect(rows).toEqual([{ id: 1, code: 'EMEA', name: 'Europe' }]);
  });

  it.each([
    [{ code: 'E', name: 'x' }, 'Invalid body: code: A region code is 2 to 10 letters.'],
    [{ code: 'ABCDEFGHIJK', name: 'x' }, 'Invalid body: code: A region code is 2 to 10 letters.'],
    [{ code: 'E1', name: 'x' }, 'Invalid body: code: A region code is 2 to 10 letters.'],
    [{ code: 'EU', name: '  ' }, 'Invalid body: name: A name is required.'],
    [{ code: 'EU', name: 'x'.repeat(101) }, 'Invalid body: name: A name is at most 100 characters.'],
    [{ name: 'Europe' }, 'Invalid body: code: A region code is required.'],
    [{ code: 12, name: 'Europe' }, 'Invalid body: code: A region code must be text.'],
  ])('should refuse %j with 400 and a clear message', async (body, expected) => {
    const res = await send('POST', '/api/regions', superAdmin, body);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });

  it('should refuse unknown fields', async () => {
    const res = await send('POST', '/api/regions', superAdmin, { code: 'XY', name: 'x', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toMatch(/extra/);
  });

  it('should refuse a code that is taken with 409', async () => {
    await createRegion('NA', 'North America');
    const res = await createRegion('na', 'Again');
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('A region with code NA already exists (North America).');
  });

  it('should refuse an admin (403) and an anonymous caller (401)', async () => {
    expect((await send('POST', '/api/regions', admin, { code: 'AD', name: 'x' })).statusCode).toBe(403);
    expect(message(await send('POST', '/api/regions', admin, { code: 'AD', name: 'x' }))).toBe(
      'This needs the super admin level or higher.',
    );
    expect((await send('POST', '/api/regions', { origin: publicUrl }, { code: 'AN', name: 'x' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/regions/:id', () => {
  it('should rename a region', async () => {
    const { id } = (await createRegion('LATAM', 'Latin')).json<{ id: number }>();
    const res = await send('PATCH', `/api/regions/${id}`, superAdmin, { code: 'latam', name: 'Latin America' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, code: 'LATAM', name: 'Latin America' });
  });

  it('should answer 404 for an unknown id and 400 for an id that is not a number', async () => {
    const missing = await send('PATCH', '/api/regions/999', superAdmin, { code: 'ZZ', name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toMatch(/^Region 999 was not found/);
    const bad = await send('PATCH', '/api/regions/abc', superAdmin, { code: 'ZZ', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('Invalid params: id: The id in the address must be a positive whole number.');
  });

  it("should refuse another region's code with 409, and refuse admin and anonymous callers", async () => {
    const { id } = (await createRegion('APAC')).json<{ id: number }>();
    expect((await send('PATCH', `/api/regions/${id}`, superAdmin, { code: 'NA', name: 'x' })).statusCode).toBe(409);
    expect((await send('PATCH', `/api/regions/${id}`, admin, { code: 'APAC', name: 'x' })).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/regions/${id}`, { origin: publicUrl }, { code: 'APAC', name: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/regions/:id', () => {
  it('should refuse a region that has countries with 409 and delete an empty one', async () => {
    const { id } = (await createRegion('MEA', 'Middle East')).json<{ id: number }>();
    for (const code of ['AE', 'SA'])
      await send('POST', '/api/countries', superAdmin, { code, name: code, regionId: id });
    const refused = await send('DELETE', `/api/regions/${id}`, superAdmin);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('This region has 2 countries that must be deleted first.');

    const { id: empty } = (await createRegion('ANT', 'Antarctica')).json<{ id: number }>();
    const res = await send('DELETE', `/api/regions/${empty}`, superAdmin);
    expect(res.statusCode).toBe(204);
    expect((await send('DELETE', `/api/regions/${empty}`, superAdmin)).statusCode).toBe(404);
  });

  it('should refuse admin (403) and anonymous (401) callers', async () => {
    expect((await send('DELETE', '/api/regions/1', admin)).statusCode).toBe(403);
    expect((await send('DELETE', '/api/regions/1', { origin: publicUrl })).statusCode).toBe(401);
  });
});

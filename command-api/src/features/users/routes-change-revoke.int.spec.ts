import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicUrl, type TestApp } from '../../../test/build-app';

type Caller = { cookie: string; origin: string };
let t: TestApp;
let superAdmin: Caller;
let admin: Caller;
let adminOfAurora: Caller;
let manager: Caller;
let user: Caller;

beforeAll(async () => {
  t = await buildTestApp({ protectedEmails: ['protected@x.test'] });
  await t.seedBrands('Aurora', 'Borealis');
  superAdmin = await t.signIn('super@x.test', 'super_admin', [1, 2]);
  admin = await t.signIn('admin@x.test', 'admin', [1, 2]);
  adminOfAurora = await t.signIn('admin1@x.test', 'admin', [1]);
  manager = await t.signIn('manager@x.test', 'manager', [1]);
  user = await t.signIn('user@x.test', 'user', [1]);
});
afterAll(() => t.close());

let counter = 0;
/** A fresh person granted by the system; answers their id (the `slackUserId`). */
const person = async (
  level: 'user' | 'manager' | 'admin' | 'super_admin',
  brandIds = [1],
  email = `p${++counter}@x.test`,
) => {
  await t.signIn(email, level, brandIds);
  const { rows } = await t.db.pool.query<{ user_id: string }>(
    'SELECT user_id FROM rm.user_permissions WHERE email = $1 LIMIT 1',
    [email],
  );
  return { id: rows[0]!.user_id, email };
};
const rowsOf = async (email: string) => {
  await t.projectors.waitForIdle();
  const { rows } = await t.db.pool.query<{ brand_id: number; permission_level: string }>(
    'SELECT brand_id, permission_level FROM rm.user_permissions WHERE email = $1 ORDER BY brand_id',
    [email],
  );
  return rows;
};
const put = (caller: Partial<Caller>, userId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/permissions/${encodeURIComponent(userId)}`, headers: caller, payload });
const del = (caller: Partial<Caller>, userId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/permissions/${encodeURIComponent(userId)}`, headers: caller });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('PUT /api/permissions/:userId', () => {
  it('should let an admin give a manager two brands', async () => {
    const p = await person('user');
    const res = await put(admin, p.id, { permissionLevel: 'manager', brandIds: [2, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ slackUserId: p.id, email: p.email, permissionLevel: 'manager', brandIds: [1, 2] });
    expect(BigInt(res.headers['x-event-position'] as string)).toBeGreaterThan(0n);
    expect(await rowsOf(p.email)).toEqual([
      { brand_id: 1, permission_level: 'manager' },
      { brand_id: 2, permission_level: 'manager' },
    ]);
  });

  it('should keep the brands when the old client sends only the level, and accept a single brandId', async () => {
    const p = await person('user', [1, 2]);
    expect((await put(admin, p.id, { permissionLevel: 'manager' })).json()).toMatchObject({ brandIds: [1, 2] });
    expect((await put(admin, p.id, { permissionLevel: 'manager', brandId: 2 })).json()).toMatchObject({
      brandIds: [2],
    });
    expect(await rowsOf(p.email)).toEqual([{ brand_id: 2, permission_level: 'manager' }]);
  });

  it('should let a manager edit a user-level person', async () => {
    const p = await person('user', [1]);
    expect((await put(manager, p.id, { permissionLevel: 'user', brandIds: [1] })).statusCode).toBe(200);
  });

  it('should keep the brands the caller lacks', async () => {
    const p = await person('user', [1, 2]);
    const res = await put(adminOfAurora, p.id, { permissionLevel: 'manager', brandIds: [1] });
    expect(res.json()).toMatchObject({ permissionLevel: 'manager', brandIds: [1, 2] });
  });

  it.each([
    [{ permissionLevel: 'user', brandIds: [] }, 'Invalid body: brandIds: Please select at least one brand.'],
    [{ permissionLevel: 'boss' }, /permissionLevel/],
    [{ brandIds: [1] }, /permissionLevel/],
    [{ permissionLevel: 'user', brandIds: ['1'] }, /Brand ids are whole numbers/],
    [{ permissionLevel: 'user', extra: true }, /extra/],
  ])('should refuse %j with 400', async (payload, text) => {
    const p = await person('user');
    const res = await put(admin, p.id, payload);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toMatch(text);
  });

  it('should refuse a manager raising someone to manager or editing a manager', async () => {
    const p = await person('user');
    const raise = await put(manager, p.id, { permissionLevel: 'manager' });
    expect(raise.statusCode).toBe(403);
    expect(message(raise)).toBe('A manager cannot grant the manager level.');
    const m = await person('manager');
    const edit = await put(manager, m.id, { permissionLevel: 'user' });
    expect(edit.statusCode).toBe(403);
    expect(message(edit)).toBe('A manager cannot change a user at the manager level.');
  });

  it('should refuse an admin editing an admin', async () => {
    const a = await person('admin');
    expect((await put(admin, a.id, { permissionLevel: 'manager' })).statusCode).toBe(403);
    expect((await put(superAdmin, a.id, { permissionLevel: 'manager' })).statusCode).toBe(200);
  });

  it('should refuse a brand the caller does not have', async () => {
    const p = await person('user');
    const res = await put(manager, p.id, { permissionLevel: 'user', brandIds: [1, 2] });
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe('You do not have access to brand 2.');
  });

  it('should refuse the protected person, even for a super admin', async () => {
    const p = await person('user', [1], 'protected@x.test');
    const res = await put(superAdmin, p.id, { permissionLevel: 'manager' });
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe('This user is protected and cannot be changed.');
  });

  it('should answer 404 for an unknown id and for a person outside the caller brands', async () => {
    const unknown = await put(admin, 'nobody', { permissionLevel: 'user' });
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe('No user with id nobody was found. Reload the list and try again.');
    const p = await person('user', [2]);
    expect((await put(adminOfAurora, p.id, { permissionLevel: 'user' })).statusCode).toBe(404);
  });

  it('should refuse the user level (403) and anonymous callers (401)', async () => {
    const p = await person('user');
    const low = await put(user, p.id, { permissionLevel: 'user' });
    expect(low.statusCode).toBe(403);
    expect(message(low)).toBe('This needs the manager level or higher.');
    expect((await put({ origin: publicUrl }, p.id, { permissionLevel: 'user' })).statusCode).toBe(401);
  });

  it("should end a lowered person's sessions", async () => {
    const email = `lowered${++counter}@x.test`;
    const p = await person('manager', [1, 2], email);
    const session = await t.signIn(email, 'manager', [1, 2]);
    expect((await put(admin, p.id, { permissionLevel: 'user' })).statusCode).toBe(200);
    const next = await t.app.inject({ method: 'POST', url: '/api/permissions', headers: session, payload: {} });
    expect(next.statusCode).toBe(401);
  });
});

describe('DELETE /api/permissions/:userId', () => {
  it('should remove every row, end the sessions at once, and keep the id on a new grant', async () => {
    const email = `gone${++counter}@x.test`;
    const p = await person('manager', [1, 2], email);
    const session = await t.signIn(email, 'manager', [1, 2]);
    const before = await t.eventCount();
    const res = await del(admin, p.id);
    expect(res.statusCode).toBe(204);
    expect(await t.eventCount()).toBe(before + 1);
    const next = await t.app.inject({ method: 'POST', url: '/api/permissions', headers: session, payload: {} });
    expect(next.statusCode).toBe(401);
    expect(await rowsOf(email)).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/permissions',
      headers: admin,
      payload: { email, permissionLevel: 'user', brandIds: [1] },
    });
    expect(again.json()).toMatchObject({ slackUserId: p.id });
  });

  it('should never delete a super admin, and not let an admin delete an admin', async () => {
    const s = await person('super_admin', [1, 2]);
    const sup = await del(superAdmin, s.id);
    expect(sup.statusCode).toBe(403);
    expect(message(sup)).toBe('Super admin users cannot be deleted.');
    const a = await person('admin');
    expect((await del(admin, a.id)).statusCode).toBe(403);
    expect((await del(superAdmin, a.id)).statusCode).toBe(204);
  });

  it('should refuse managers (403) and anonymous callers (401)', async () => {
    const p = await person('user');
    const res = await del(manager, p.id);
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe('This needs the admin level or higher.');
    expect((await del({ origin: publicUrl }, p.id)).statusCode).toBe(401);
  });

  it('should refuse the protected person', async () => {
    const { rows } = await t.db.pool.query<{ user_id: string }>(
      "SELECT user_id FROM rm.user_permissions WHERE email = 'protected@x.test'",
    );
    const id = rows[0]?.user_id ?? (await person('user', [1], 'protected@x.test')).id;
    const res = await del(superAdmin, id);
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe('This user is protected and cannot be changed.');
  });

  it('should answer 404 for an unknown id, a foreign person, and one already removed', async () => {
    expect((await del(admin, 'nobody')).statusCode).toBe(404);
    const p = await person('user', [2]);
    expect((await del(adminOfAurora, p.id)).statusCode).toBe(404);
    expect((await del(admin, p.id)).statusCode).toBe(204);
    await t.projectors.waitForIdle();
    expect((await del(admin, p.id)).statusCode).toBe(404);
  });

  it('should take away only the brands the caller has', async () => {
    const p = await person('user', [1, 2]);
    expect((await del(adminOfAurora, p.id)).statusCode).toBe(204);
    expect(await rowsOf(p.email)).toEqual([{ brand_id: 2, permission_level: 'user' }]);
  });

  it('should refuse a change from another origin (CSRF)', async () => {
    const p = await person('user');
    expect((await del({ ...admin, origin: 'https://evil.example' }, p.id)).statusCode).toBe(403);
  });
});

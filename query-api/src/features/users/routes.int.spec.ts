import { systemActor } from '@dm/command-api/commands';
import type { UserPermissionRow } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
let superAdmin: { cookie: string };
let manager: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['Aurora', 'Borealis']) await t.commands.registerBrand(name, systemActor);
  await t.waitForProjections();
  superAdmin = await t.signIn('super@x.test', 'super_admin', [1]);
  manager = await t.signIn('manager@x.test', 'manager', [1]);
  await t.commands.grantPermission({ email: 'zed@x.test', permissionLevel: 'user', brandIds: [1, 2] }, systemActor);
  await t.commands.grantPermission({ email: 'far@x.test', permissionLevel: 'manager', brandIds: [2] }, systemActor);
  await t.commands.grantPermission({ email: 'protected@x.test', permissionLevel: 'admin', brandIds: [1] }, systemActor);
  await t.commands.recordSignIn({
    email: 'zed@x.test',
    firstName: 'Ann',
    lastName: 'Zed',
    profileImageUrl: 'https://img/z.png',
    authType: 'slack',
  });
  await t.waitForProjections();
});
afterAll(() => t.close());

const list = async (caller: { cookie: string }) => {
  const res = await t.app.inject({ url: '/api/permissions', headers: caller });
  expect(res.statusCode).toBe(200);
  return res.json<UserPermissionRow[]>();
};

describe('GET /api/permissions', () => {
  it('should give a super admin one row per person and brand of every brand, sorted by name then brand', async () => {
    const rows = await list(superAdmin);
    expect(rows.map((r) => `${r.displayName ?? r.email}/${r.brandName}`)).toEqual([
      'Ann Zed/Aurora',
      'Ann Zed/Borealis',
      'far@x.test/Borealis',
      'manager@x.test/Aurora',
      'protected@x.test/Aurora',
      'super@x.test/Aurora',
    ]);
  });

  it('should carry the fields of spec §3, the profile of the last sign-in and the protected flag', async () => {
    const rows = await list(superAdmin);
    const zed = rows.find((r) => r.email === 'zed@x.test' && r.brandId === 2)!;
    expect(zed).toEqual({
      id: `${zed.slackUserId}:2`,
      slackUserId: expect.any(String) as string,
      email: 'zed@x.test',
      displayName: 'Ann Zed',
      username: 'zed',
      profileImage: 'https://img/z.png',
      permissionLevel: 'user',
      authType: 'slack',
      brandId: 2,
      brandName: 'Borealis',
      isProtected: false,
    });
    const never = rows.find((r) => r.email === 'far@x.test')!;
    expect(never).toMatchObject({
      displayName: null,
      username: null,
      authType: 'replit',
      slackUserId: expect.stringMatching(/\w/),
    });
    expect(rows.filter((r) => r.isProtected).map((r) => r.email)).toEqual(['protected@x.test']);
  });

  it("should hold zero rows of brands outside the caller's", async () => {
    const rows = await list(manager);
    expect(rows.every((r) => r.brandId === 1)).toBe(true);
    expect(rows.map((r) => r.email)).not.toContain('far@x.test');
    expect(rows.map((r) => r.email)).toContain('zed@x.test');
  });

  it('should follow changes and removals, keeping the profile', async () => {
    const zedId = (await list(superAdmin)).find((r) => r.email === 'zed@x.test')!.slackUserId;
    await t.commands.changePermission(
      { userId: zedId, email: 'zed@x.test' },
      { permissionLevel: 'manager', brandIds: [2] },
      systemActor,
    );
    const farId = (await list(superAdmin)).find((r) => r.email === 'far@x.test')!.slackUserId;
    await t.commands.revokePermission({ userId: farId, email: 'far@x.test' }, systemActor);
    await t.waitForProjections();
    const rows = await list(superAdmin);
    expect(rows.filter((r) => r.email === 'zed@x.test')).toEqual([
      expect.objectContaining({ brandId: 2, permissionLevel: 'manager', displayName: 'Ann Zed', authType: 'slack' }),
    ]);
    expect(rows.map((r) => r.email)).not.toContain('far@x.test');
  });

  it('should refuse the user level (403) and anonymous callers (401)', async () => {
    const user = await t.signIn('user@x.test', 'user', [1]);
    const low = await t.app.inject({ url: '/api/permissions', headers: user });
    expect(low.statusCode).toBe(403);
    expect(low.json()).toEqual({ message: 'This needs the manager level or higher.' });
    const anonymous = await t.app.inject({ url: '/api/permissions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'You are not signed in. Sign in and try again.' });
  });
});

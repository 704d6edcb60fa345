import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicUrl, serviceToken, type TestApp } from '../../../test/build-app';
import { systemActor } from '../../command-bus';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora');
  await t.app.commands.grantPermission({ email: 'max@x.test', permissionLevel: 'manager', brandIds: [1] }, systemActor);
});
afterAll(() => t.close());

const profile = (email: string) => ({
  email,
  firstName: 'Max',
  lastName: null,
  profileImageUrl: null,
  authType: 'slack',
});
const recordSignIn = (payload: object, authorization = `Bearer ${serviceToken}`) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/sign-ins',
    headers: { origin: publicUrl, authorization, 'x-correlation-id': 'gateway-req-1' },
    payload,
  });
const eventsOf = async (type: string) =>
  (
    await t.db.pool.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT data, metadata FROM es.events WHERE type = $1 ORDER BY global_position',
      [type],
    )
  ).rows;

describe('When the gateway records the sign-in of a person with a permission', () => {
  it('should record UserSignedIn under the gateway’s correlation id and answer the user id', async () => {
    const res = await recordSignIn(profile('Max@X.test'));
    expect(res.statusCode).toBe(200);
    const [signedIn] = await eventsOf('UserSignedIn');
    expect(signedIn?.data).toMatchObject({ email: 'max@x.test', firstName: 'Max', authType: 'slack' });
    expect(signedIn?.metadata).toMatchObject({ correlationId: 'gateway-req-1' });
    expect(res.json()).toEqual({ outcome: 'signed-in', userId: signedIn?.data.userId });
  });
});

describe('When the gateway records the sign-in of a person without a permission', () => {
  it('should answer no-access and record the refusal', async () => {
    const res = await recordSignIn(profile('stranger@x.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'no-access' });
    expect((await eventsOf('SignInRefused')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ email: 'stranger@x.test', reason: 'no permission row' }),
    );
  });
});

describe('When anyone but our own services calls it', () => {
  it.each([
    ['without a token', ''],
    ['with a wrong token', 'Bearer not-the-service-token-not-the-service-token'],
  ])('should refuse the call %s with 401 and record nothing', async (_case, authorization) => {
    const before = await t.eventCount();
    const res = await recordSignIn(profile('max@x.test'), authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Only our own services may call this.' });
    expect(await t.eventCount()).toBe(before);
  });
});

describe('When the profile is unusable', () => {
  it('should answer 400 { message } and record nothing', async () => {
    const before = await t.eventCount();
    const res = await recordSignIn({ ...profile('not an email'), authType: 'github' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/email/);
    expect(await t.eventCount()).toBe(before);
  });
});

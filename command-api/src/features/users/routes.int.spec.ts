import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicUrl, type TestApp } from '../../../test/build-app';

let t: TestApp;
let admin: { cookie: string; origin: string };
let manager: { cookie: string; origin: string };
let user: { cookie: string; origin: string };

beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora', 'Borealis');
  admin = await t.signIn('admin@x.test', 'admin', [1, 2]);
  manager = await t.signIn('manager@x.test', 'manager', [1]);
  user = await t.signIn('user@x.test', 'user', [1]);
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/permissions', headers, payload: payload as object });

describe('POST /api/permissions', () => {
  it('should grant every chosen brand and answer the new id and the log position', async () => {
    const res = await post(admin, { email: 'New.Person@X.test', permissionLevel: 'manager', brandIds: [2, 1] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.person@x.test', permissionLevel: 'manager', brandIds: [1, 2] });
    expect(res.json<{ slackUserId: string }>().slackUserId).toMatch(/\w+/);
    expect(BigInt(res.headers['x-event-position'] as string)).toBeGreaterThan(0n);
    expect(res.headers.etag).toBe('"1"');
  });

  it('should keep the old single brandId working', async () => {
    const res = await post(manager, { email: 'solo@x.test', permissionLevel: 'user', brandId: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ brandIds: [1] });
  });

  it('should refuse a request with no brand instead of defaulting', async () => {
    const before = await t.eventCount();
    const res = await post(admin, { email: 'nobrand@x.test', permissionLevel: 'user' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid body: brandIds: Please select at least one brand.' });
    expect(await t.eventCount()).toBe(before);
  });

  it('should refuse a manager granting the manager level', async () => {
    const res = await post(manager, { email: 'm2@x.test', permissionLevel: 'manager', brandIds: [1] });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/cannot grant the manager level/);
  });

  it('should refuse a brand the caller does not have', async () => {
    const res = await post(manager, { email: 'b2@x.test', permissionLevel: 'user', brandIds: [2] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have access to brand 2.' });
  });

  it('should refuse users below manager and anonymous callers', async () => {
    expect((await post(user, { email: 'u2@x.test', permissionLevel: 'user', brandIds: [1] })).statusCode).toBe(403);
    const anonymous = await post({ origin: publicUrl }, { email: 'u3@x.test', permissionLevel: 'user', brandIds: [1] });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ message: string }>().message).toMatch(/not signed in/);
  });

  it('should refuse a change from another origin (CSRF)', async () => {
    const res = await post(
      { ...admin, origin: 'https://evil.example' },
      { email: 'c@x.test', permissionLevel: 'user', brandIds: [1] },
    );
    expect(res.statusCode).toBe(403);
  });

  it('should refuse a second grant for the same person with 409', async () => {
    await post(admin, { email: 'twice@x.test', permissionLevel: 'user', brandIds: [1] });
    const res = await post(admin, { email: 'twice@x.test', permissionLevel: 'user', brandIds: [1] });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/already has access/);
  });

  it('should answer 409 at once when If-Match does not match', async () => {
    const res = await post(
      { ...admin, 'if-match': '"5"' },
      { email: 'ifm@x.test', permissionLevel: 'user', brandIds: [1] },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/changed this at the same time/);
  });

  it('should append nothing new when the same Idempotency-Key is resent', async () => {
    const headers = { ...admin, 'idempotency-key': 'k-1' };
    const first = await post(headers, { email: 'idem@x.test', permissionLevel: 'user', brandIds: [1] });
    const before = await t.eventCount();
    await post(headers, { email: 'idem@x.test', permissionLevel: 'user', brandIds: [1] });
    expect(first.statusCode).toBe(201);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('When 32 commands race on one stream with one expected version', () => {
  it('should let exactly one win and answer 409 to the other 31', async () => {
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        post(
          { ...admin, 'if-match': '"0"' },
          { email: 'race@x.test', permissionLevel: 'user', brandIds: [1 + (i % 2)] },
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    console.log(`race: ${codes.filter((c) => c === 201).length} × 201, ${codes.filter((c) => c === 409).length} × 409`);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(31);
    const { rows } = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM es.events WHERE stream_id = 'user-access:race@x.test'",
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});

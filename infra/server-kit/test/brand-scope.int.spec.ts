import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer, createSession, findSessionUser } from '../src';

const origin = 'http://localhost:3000';
const brandCount = 5_000;
let db: TestDatabase;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  db = await createTestDatabase({ max: 4 });
  await db.pool.query(
    `INSERT INTO rm.brands (id, name) SELECT i, 'Brand ' || i FROM generate_series(1, ${brandCount}) i`,
  );
  await db.pool.query(
    `INSERT INTO rm.user_permissions (user_id, email, brand_id, permission_level) VALUES
       ('s', 'super@x.test', 1, 'super_admin'), ('m', 'manager@x.test', 3, 'manager'), ('m', 'manager@x.test', 1, 'manager')`,
  );
  for (const [who, email] of [
    ['super', 'super@x.test'],
    ['manager', 'manager@x.test'],
  ] as const) {
    const token = await createSession(db.pool, {
      email,
      userId: who,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      idToken: null,
    });
    cookies[who] = `dm_session=${token}`;
  }
});
afterAll(() => db.drop());

describe('Brand scope of a session', () => {
  it("should give a super admin every brand as 'all', however many brands there are, and others their own brands", async () => {
    const token = (who: string) => cookies[who]!.split('=')[1]!;
    expect((await findSessionUser(db.pool, token('super')))?.brandIds).toBe('all');
    expect((await findSessionUser(db.pool, token('manager')))?.brandIds).toEqual([1, 3]);
  });

  it('should let a super admin use any brand that exists and refuse one that does not, as for others outside their brands', async () => {
    const app = await createServer({
      name: 'test',
      db: db.pool,
      allowedOrigins: [origin],
      secureCookies: false,
      logLevel: 'silent',
    });
    app.post('/api/stores', async () => ({ ok: true }));
    await app.ready();
    const post = (who: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: { cookie: cookies[who]!, origin },
        payload: body as object,
      });
    expect((await post('super', { brandId: brandCount })).statusCode).toBe(200);
    for (const brandId of [brandCount + 1, 2 ** 40, -1, 1.5]) {
      const res = await post('super', { brandId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: `You do not have access to brand ${brandId}.` });
    }
    // A brand registered after a refusal is usable at once: only brands found are remembered.
    await db.pool.query(`INSERT INTO rm.brands (id, name) VALUES (${brandCount + 1}, 'Late')`);
    expect((await post('super', { brandId: brandCount + 1 })).statusCode).toBe(200);
    expect((await post('super', { brandIds: [1, 2, 3] })).statusCode).toBe(200);
    expect((await post('super', { brandIds: [1, brandCount + 7] })).json()).toEqual({
      message: `You do not have access to brand ${brandCount + 7}.`,
    });
    await app.close();
  });

  it('should keep a manager to their own brands', async () => {
    const app = await createServer({
      name: 'test',
      db: db.pool,
      allowedOrigins: [origin],
      secureCookies: false,
      logLevel: 'silent',
    });
    app.get('/api/stores', { schema: { querystring: z.object({ brandId: z.coerce.number() }) } }, async () => ({
      ok: true,
    }));
    await app.ready();
    const get = (who: string, brandId: number) =>
      app.inject({ url: `/api/stores?brandId=${brandId}`, headers: { cookie: cookies[who]! } });
    expect((await get('manager', 3)).statusCode).toBe(200);
    expect((await get('manager', 2)).json()).toEqual({ message: 'You do not have access to brand 2.' });
    expect((await get('super', 2)).statusCode).toBe(200);
    await app.close();
  });
});

import { deleteSession, sessionCachesOf, sessionRevocationChannel, type App } from '@dm/server-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { buildTestApp, publicUrl, serviceToken, type TestApp } from './build-app';

/** Two command-api replicas, each with its own pool (as two processes have), both caching sessions. */
let t: TestApp;
const pools: pg.Pool[] = [];
let replicas: [App, App];

const replica = async () => {
  const pool = new pg.Pool({ connectionString: t.db.url, max: 4 });
  pools.push(pool);
  return buildApp({ db: pool, publicUrl, logLevel: 'silent', serviceToken, sessionCache: true });
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.seedBrands('Aurora');
  replicas = [await replica(), await replica()];
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.close()));
  await Promise.all(pools.map((p) => p.end()));
  await t.close();
});

/** A signed-in caller gets past authentication to validation (400); a signed-out one is refused (401). */
const statusAt = async (app: App, caller: { cookie: string; origin: string }) =>
  (await app.inject({ method: 'POST', url: '/api/permissions', headers: caller, payload: {} })).statusCode;
const tokenOf = (caller: { cookie: string }) => caller.cookie.slice(caller.cookie.indexOf('=') + 1);
/** Polls until `condition` holds or `boundMs` has passed since `since`; answers whether it held in time. */
const within = async (boundMs: number, since: number, condition: () => Promise<boolean>) => {
  for (;;) {
    if (await condition()) return Date.now() - since <= boundMs;
    if (Date.now() - since > boundMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Every revocation committed so far has reached the replica's cache. They arrive in commit order, so once a marker
 * sent now has evicted the marker person's entry, the ones before it (the signed-in person's own grant, which a
 * loaded machine delivers late) have been taken too: what the replica caches next stays cached.
 */
const revocationsArrived = async (pool: pg.Pool) => {
  const [cache] = sessionCachesOf(pool);
  if (!cache) throw new Error('The replica has no session cache');
  await cache.started;
  const marker = `marker-${Date.now()}@x.test`;
  const user = { id: marker, email: marker, firstName: null, lastName: null, profileImageUrl: null };
  cache.put(marker, { ...user, level: 'user', brandIds: [1] }, Date.now() + 60_000, cache.generation());
  await t.db.pool.query(`SELECT pg_notify($1, $2)`, [sessionRevocationChannel, `e:${marker}`]);
  await vi.waitFor(() => expect(cache.get(marker)).toBeUndefined(), { timeout: 10_000, interval: 20 });
};

describe('When a replica has seen a session', () => {
  it('should answer its next requests from memory, without reading the session again', async () => {
    const [a] = replicas;
    const caller = await t.signIn('cached@x.test', 'admin', [1]);
    await revocationsArrived(pools[0]!);
    expect(await statusAt(a, caller)).toBe(400);
    // Changed behind the cache's back (no revocation is sent for an update): a replica that read the row would refuse.
    await t.db.pool.query(
      `UPDATE auth.sessions SET expires_at = now() - interval '1 second' WHERE email = 'cached@x.test'`,
    );
    expect(await statusAt(a, caller)).toBe(400);
  });
});

describe('When a person signs out through one replica', () => {
  it('should be refused there at once, and by the other replica within a second', async () => {
    const [a, b] = replicas;
    const caller = await t.signIn('leaving@x.test', 'admin', [1]);
    expect([await statusAt(a, caller), await statusAt(b, caller)]).toEqual([400, 400]);
    await deleteSession(a.db, tokenOf(caller));
    const signedOutAt = Date.now();
    expect(await statusAt(a, caller)).toBe(401);
    expect(await within(1000, signedOutAt, async () => (await statusAt(b, caller)) === 401)).toBe(true);
  });
});

describe("When a person's permission is revoked", () => {
  it('should refuse their session on every replica within a second of the read model changing', async () => {
    const [a, b] = replicas;
    const caller = await t.signIn('revoked@x.test', 'manager', [1]);
    expect([await statusAt(a, caller), await statusAt(b, caller)]).toEqual([400, 400]);
    // The read model alone changes (as the projector writes it): no session row is deleted.
    await t.db.pool.query(`DELETE FROM rm.user_permissions WHERE email = 'revoked@x.test'`);
    const revokedAt = Date.now();
    for (const replica of [a, b]) {
      expect(await within(1000, revokedAt, async () => (await statusAt(replica, caller)) === 401)).toBe(true);
    }
  });
});

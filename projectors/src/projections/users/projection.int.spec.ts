import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import type { UserAccessEvent } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAll, startProjectors } from '../../index';
import { usersProjection } from './projection';

const logger = pino({ level: 'silent' });
const at = '2026-01-15T10:00:00.000Z';
const ann = { userId: 'u-ann', email: 'ann@x.test' };
const bob = { userId: 'u-bob', email: 'bob@x.test' };
const events: UserAccessEvent[] = [
  { type: 'PermissionGranted', data: { ...ann, permissionLevel: 'user', brandIds: [1, 2], grantedAt: at } },
  {
    type: 'UserSignedIn',
    data: {
      ...ann,
      firstName: 'Ann',
      lastName: 'Lee',
      profileImageUrl: 'https://img/a',
      authType: 'slack',
      signedInAt: at,
    },
  },
  { type: 'PermissionChanged', data: { ...ann, permissionLevel: 'manager', brandIds: [2, 3], changedAt: at } },
  { type: 'PermissionGranted', data: { ...bob, permissionLevel: 'user', brandIds: [1], grantedAt: at } },
  { type: 'PermissionRevoked', data: { ...bob, revokedAt: at } },
];

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  await store.append('user-access:ann@x.test', events.slice(0, 3), { expected: 'no_stream' });
  await store.append('user-access:bob@x.test', events.slice(3), { expected: 'no_stream' });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const snapshot = async () =>
  (
    await db.pool.query<Record<string, unknown>>(
      'SELECT user_id, email, brand_id, permission_level, auth_type, display_name, username, profile_image FROM rm.user_permissions ORDER BY user_id, brand_id',
    )
  ).rows;

describe('When permissions are granted, changed and revoked', () => {
  it('should hold one row per brand of the latest set, keep the profile, drop the revoked, and replay to the same rows', async () => {
    const projectors = startProjectors({
      pool: db.pool,
      eventStore: store,
      projections: [usersProjection],
      reactors: [],
      logger,
    });
    await projectors.waitForIdle();
    await projectors.stop();
    const profile = { auth_type: 'slack', display_name: 'Ann Lee', username: 'ann', profile_image: 'https://img/a' };
    const live = await snapshot();
    const annRow = { user_id: 'u-ann', email: 'ann@x.test', permission_level: 'manager', ...profile };
    expect(live).toEqual([
      { ...annRow, brand_id: 2 },
      { ...annRow, brand_id: 3 },
    ]);
    await rebuildAll({ pool: db.pool, eventStore: store, projections: [usersProjection], logger });
    expect(await snapshot()).toEqual(live);
  });
});

import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { discountCodesStream, type DiscountCodeEvent } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAll, startProjectors } from '../../index';
import { discountCodesProjection } from './projection';

const logger = pino({ level: 'silent' });
const at = '2026-01-15T10:00:00.000Z';
const discountId = '00000000-0000-4000-8000-000000000001';
const codeId = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const by = { userId: 'u-1', name: 'Uma', email: 'uma@x.test' };

const added = (codes: [number, string][], storeIds: number[]): DiscountCodeEvent => ({
  type: 'DiscountCodesAdded',
  data: {
    discountId,
    brandId: 1,
    codes: codes.map(([n, code]) => ({ codeId: codeId(n), code })),
    storeIds,
    savedLocally: false,
    influencerName: 'Ivy',
    addedBy: by,
    addedAt: at,
  },
});
const chunk = (storeId: number, chunkKey: string) => ({ discountId, storeId, chunkKey });

/** Every kind of code event: added, pushed (live, conflict, failed), deleted, removed in one store, failed in another. */
const events: DiscountCodeEvent[] = [
  added(
    [
      [1, 'KEEP'],
      [2, 'Clash'],
      [3, 'GONE'],
    ],
    [1, 2],
  ),
  { type: 'DiscountCodesPushStarted', data: { ...chunk(1, 'a'), codes: ['KEEP', 'Clash', 'GONE'], startedAt: at } },
  {
    type: 'DiscountCodesPushed',
    data: {
      ...chunk(1, 'a'),
      live: ['keep', 'GONE'],
      refused: [{ code: 'CLASH', reason: 'Code must be unique', conflict: true }],
      pushedAt: at,
    },
  },
  {
    type: 'DiscountCodesPushFailed',
    data: { ...chunk(2, 'b'), codes: ['KEEP', 'Clash', 'GONE'], reason: 'Shop closed', retryable: true, failedAt: at },
  },
  {
    type: 'DiscountCodeDeleted',
    data: { discountId, brandId: 1, codeId: codeId(3), code: 'GONE', storeIds: [1, 2], deletedBy: by, deletedAt: at },
  },
  {
    type: 'DiscountCodeRemovedFromStore',
    data: { discountId, codeId: codeId(3), code: 'GONE', storeId: 1, removedAt: at },
  },
  {
    type: 'DiscountCodeRemovalFailed',
    data: {
      discountId,
      codeId: codeId(3),
      code: 'GONE',
      storeId: 2,
      reason: 'Throttled',
      retryable: true,
      failedAt: at,
    },
  },
  // Added again after its deletion: a new row, not touched by the old one's removal.
  added([[4, 'gone']], [1]),
  // Added, deleted and removed from its one store: its row goes.
  added([[5, 'BRIEF']], [1]),
  {
    type: 'DiscountCodeDeleted',
    data: { discountId, brandId: 1, codeId: codeId(5), code: 'BRIEF', storeIds: [1], deletedBy: by, deletedAt: at },
  },
  {
    type: 'DiscountCodeRemovedFromStore',
    data: { discountId, codeId: codeId(5), code: 'BRIEF', storeId: 1, removedAt: at },
  },
];

let db: TestDatabase;
let store: EventStore;
interface Row {
  code: string;
  deleted: boolean;
  store_id: number | null;
  state: string | null;
  reason: string | null;
}
const snapshot = async () =>
  (
    await db.pool.query<Row>(
      `SELECT c.code, c.deleted_at IS NOT NULL AS deleted, s.store_id, s.state, s.reason
       FROM rm.discount_codes c LEFT JOIN rm.discount_code_stores s USING (code_id)
       ORDER BY c.code_id, s.store_id`,
    )
  ).rows;

const total = async () =>
  (
    await db.pool.query<{ total: number }>('SELECT total FROM rm.discount_code_counts WHERE discount_id = $1', [
      discountId,
    ])
  ).rows[0]?.total;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  for (const event of events) await store.append(discountCodesStream(discountId), [event], { expected: 'any' });
  // One event per batch live; the rebuild below takes them 1,000 at a time.
  const projectors = startProjectors({
    pool: db.pool,
    eventStore: store,
    projections: [discountCodesProjection],
    reactors: [],
    logger,
    tuning: { batchSize: 1, pollMs: 20 },
  });
  await projectors.waitForIdle();
  await projectors.stop();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('When every kind of code event is projected', () => {
  it('should hold each code with its state per store, case-insensitively matched, a deleted code until all confirm', async () => {
    expect(await snapshot()).toEqual([
      { code: 'KEEP', deleted: false, store_id: 1, state: 'live', reason: null },
      { code: 'KEEP', deleted: false, store_id: 2, state: 'failed', reason: 'Shop closed' },
      { code: 'Clash', deleted: false, store_id: 1, state: 'conflict', reason: 'Code must be unique' },
      { code: 'Clash', deleted: false, store_id: 2, state: 'failed', reason: 'Shop closed' },
      { code: 'GONE', deleted: true, store_id: 2, state: 'removal_failed', reason: 'Throttled' },
      { code: 'gone', deleted: false, store_id: 1, state: 'pending', reason: null },
    ]);
    // The page's total (one row per discount, by trigger): five codes added, one removed everywhere since.
    expect(await total()).toBe(4);
  });

  it('should rebuild the same rows from the log', async () => {
    const live = await snapshot();
    await rebuildAll({
      pool: db.pool,
      eventStore: store,
      projections: [discountCodesProjection],
      logger,
      batchSize: 1000,
    });
    expect(await snapshot()).toEqual(live);
    expect(await total()).toBe(4);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSyncWorld, type SyncWorld } from './sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await buildSyncWorld();
}, 60_000);
afterAll(async () => world.close());

describe('When a store is fully synced', () => {
  it('should hold exactly the codes the store holds (count and checksum over sorted codes)', async () => {
    const syncId = await world.request('aurora-uk', 'full');
    const outcome = await world.outcomeOf('aurora-uk', syncId);
    expect(outcome.type).toBe('CodeSyncCompleted');
    const expected = world.shopCodes('aurora-uk');
    const synced = await world.syncedCodes('aurora-uk');
    expect(synced.length).toBe(expected.length);
    expect(world.checksum(synced)).toBe(world.checksum(expected));
    expect(outcome.data.totalCodes).toBe(expected.length);
    await world.waitForIdle();
    const { rows } = await world.db.pool.query(
      'SELECT status, total_codes, codes_synced, codes_expected FROM rm.code_sync_status WHERE store_id = 1',
    );
    expect(rows[0]).toEqual({
      status: 'idle',
      total_codes: expected.length,
      codes_synced: expected.length,
      codes_expected: expected.length,
    });
  });

  it('should record the discounts with their code counts and Shopify fields', async () => {
    const { rows } = await world.db.pool.query<{
      title: string;
      discount_type: string;
      code_count: number;
      function_id: string | null;
    }>(
      'SELECT title, discount_type, code_count, function_id FROM rm.synced_code_discounts WHERE store_id = 1 ORDER BY title',
    );
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('Influencer codes')?.code_count).toBe(2000);
    expect(byTitle.get('Multi tiered')).toMatchObject({ discount_type: 'DiscountCodeApp', code_count: 2 });
    expect(byTitle.get('Multi tiered')?.function_id).toEqual(expect.any(String));
    expect(byTitle.get('Gift with two jackets')?.discount_type).toBe('DiscountCodeBxgy');
  });
});

import { codeSyncStream } from '@dm/events';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCodeUsageRefresh } from './usage-schedule';
import { buildSyncWorld, type SyncWorld } from '../../../test/code-sync/sync-world';

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

  it('should count the search grams of its codes exactly, long ones included', async () => {
    expect(await world.gramCount('aurora-uk')).toBeGreaterThan(0);
    expect(await world.wrongGrams('aurora-uk')).toEqual([]);
    const pages = await world.gramPageCount('aurora-uk');
    expect(pages.n).toBeGreaterThan(0);
    expect(pages.bounded).toBeGreaterThan(0);
    expect(await world.wrongGramPages('aurora-uk')).toEqual([]);
    const { rows } = await world.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm.synced_code_grams WHERE store_id = 1 AND length(gram) > 6`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('should mark every 250th of its codes in the index order, with its rank', async () => {
    const { kept, scanned } = await world.marksBesideScan('aurora-uk');
    expect(scanned.length).toBeGreaterThan(1);
    expect(kept).toEqual(scanned);
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

const gidOf = (world: SyncWorld, slug: string, title: string) => {
  const found = [...world.emulator.shop(slug).discounts.values()].find((d) => d.title === title);
  if (!found) throw new Error(`no discount ${title}`);
  return `gid://shopify/DiscountCodeNode/${found.id}`;
};

describe('When the store changes behind our back and an incremental sync runs', () => {
  it('should pick up a code added, a discount edited and a discount deleted', async () => {
    const full = await world.request('aurora-uk', 'full');
    await world.outcomeOf('aurora-uk', full);
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    const store = world.storeOf('aurora-uk');
    // 'AAA-0' sorts before the bounds of the gram pages of 'a', '-' and '0', so the merge must put it on them.
    await store.addCodes(gidOf(world, 'aurora-uk', 'Welcome 10'), ['WELCOME-NEW', 'AAA-0']);
    await store.client.request(
      `mutation ($id: ID!) { discountCodeBasicUpdate(id: $id, basicCodeDiscount: { title: "Save 5 renamed" }) { userErrors { message } } }`,
      { id: gidOf(world, 'aurora-uk', 'Save 5 on sale') },
      { operation: 'discountCodeBasicUpdate', estimate: 10 },
    );
    await store.deleteDiscount(gidOf(world, 'aurora-uk', 'Summer 2020'));

    const incremental = await world.request('aurora-uk', 'incremental', since);
    const outcome = await world.outcomeOf('aurora-uk', incremental);
    expect(outcome).toMatchObject({ type: 'CodeSyncCompleted', data: { discountsRemoved: 1 } });
    const synced = await world.syncedCodes('aurora-uk');
    expect(world.checksum(synced)).toBe(world.checksum(world.shopCodes('aurora-uk')));
    expect(synced).toContain('WELCOME-NEW');
    expect(synced).not.toContain('OLDSUMMER');
    const titles = (
      await world.db.pool.query<{ title: string }>('SELECT title FROM rm.synced_code_discounts WHERE store_id = 1')
    ).rows.map((r) => r.title);
    expect(titles).toContain('Save 5 renamed');
    expect(titles).not.toContain('Summer 2020');
    // The search grams follow the merge: every count still equals a scan of the codes, every page its codes.
    expect(await world.wrongGrams('aurora-uk')).toEqual([]);
    expect(await world.wrongGramPages('aurora-uk')).toEqual([]);
    // 'AAA-0' moved every mark one code on, the deleted discount's codes some back: the marks follow.
    const marks = await world.marksBesideScan('aurora-uk');
    expect(marks.kept).toEqual(marks.scanned);
    const { rows } = await world.db.pool.query<{ code_count: number }>(
      `SELECT g.code_count FROM rm.synced_code_grams g JOIN rm.synced_code_discounts d USING (store_id, discount_id)
       WHERE g.store_id = 1 AND d.title = 'Welcome 10' AND g.gram = 'wel'`,
    );
    expect(rows).toEqual([{ code_count: 2 }]);
  });
});

describe('When Shopify throttles, fails with 5xx, cuts the JSONL and repeats an answer', () => {
  it('should still converge to the exact set', async () => {
    const faults = world.emulator.faults;
    faults.inject({ kind: 'server-error', shop: 'borealis-uk', operation: 'bulkOperationRunQuery', times: 2 });
    faults.inject({ kind: 'throttle', shop: 'borealis-uk', operation: 'bulkOperation(id', times: 1 });
    faults.inject({ kind: 'duplicate-page', shop: 'borealis-uk', operation: 'bulkOperation(id', after: 1, times: 1 });
    faults.inject({ kind: 'truncate-jsonl', shop: 'borealis-uk', operation: 'discountNodes', times: 2 });
    const syncId = await world.request('borealis-uk', 'full');
    const outcome = await world.outcomeOf('borealis-uk', syncId);
    // Every fault fired: none is left waiting for a request.
    expect(
      faults.take(
        ['server-error', 'throttle', 'duplicate-page', 'truncate-jsonl'],
        'borealis-uk',
        'bulkOperation(id discountNodes bulkOperationRunQuery',
      ),
    ).toBeNull();
    faults.clear();
    expect(outcome.type).toBe('CodeSyncCompleted');
    const synced = await world.syncedCodes('borealis-uk');
    const expected = world.shopCodes('borealis-uk');
    expect(synced.length).toBe(expected.length);
    expect(world.checksum(synced)).toBe(world.checksum(expected));
  });
});

describe('When a full sync swaps in a new set while someone reads', () => {
  it('should only ever show the old count or the new one', async () => {
    const before = (await world.syncedCodes('aurora-uk')).length;
    await world.storeOf('aurora-uk').addCodes(gidOf(world, 'aurora-uk', 'Welcome 10'), ['SWAP-1', 'SWAP-2', 'SWAP-3']);
    const after = world.shopCodes('aurora-uk').length;
    expect(after).toBe(before + 3);
    const syncId = await world.request('aurora-uk', 'full');
    const seen = new Set<number>();
    let done = false;
    const outcome = world.outcomeOf('aurora-uk', syncId).finally(() => (done = true));
    while (!done) {
      const { rows } = await world.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rm.synced_codes WHERE store_id = 1',
      );
      seen.add(rows[0]!.n);
    }
    expect((await outcome).type).toBe('CodeSyncCompleted');
    seen.add((await world.syncedCodes('aurora-uk')).length);
    expect([...seen].sort()).toEqual([before, after].sort());
  });
});

describe('When an ACTIVE discount with a usage limit is used in the store', () => {
  it('should pick up its usage on the frequent pass, which an incremental sync would miss', async () => {
    const store = world.storeOf('aurora-uk');
    const id = gidOf(world, 'aurora-uk', 'Welcome 10');
    await store.client.request(
      `mutation ($id: ID!) { discountCodeBasicUpdate(id: $id, basicCodeDiscount: { usageLimit: 100 }) { userErrors { message } } }`,
      { id },
      { operation: 'discountCodeBasicUpdate', estimate: 10 },
    );
    await world.outcomeOf('aurora-uk', await world.request('aurora-uk', 'full'));
    // Redemptions move the count without touching updatedAt (reference §4.1).
    const discount = [...world.emulator.shop('aurora-uk').discounts.values()].find((d) => d.title === 'Welcome 10')!;
    discount.asyncUsageCount = 100;
    const outcome = await world.outcomeOf('aurora-uk', await world.request('aurora-uk', 'usage'));
    expect(outcome).toMatchObject({ type: 'CodeSyncCompleted', data: { kind: 'usage', discountsChanged: 1 } });
    const { rows } = await world.db.pool.query(
      `SELECT usage_limit, usage_count FROM rm.synced_code_discounts WHERE store_id = 1 AND discount_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ usage_limit: 100, usage_count: 100 });
  });
});

describe('When the usage refresh interval passes', () => {
  it('should ask for a usage pass of the store that holds such discounts, and only of that one', async () => {
    await world.waitForIdle();
    const before = (await world.eventStore.readStream(codeSyncStream(1))).length;
    const refresh = startCodeUsageRefresh({
      pool: world.db.pool,
      eventStore: world.eventStore,
      intervalMs: 50,
      logger: pino({ level: 'silent' }),
    });
    let asked: { syncId: string; kind: string } | undefined;
    while (!asked) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      asked = (await world.eventStore.readStream(codeSyncStream(1)))
        .slice(before)
        .find((e) => e.type === 'CodeSyncRequested')?.data as typeof asked;
    }
    await refresh.stop();
    expect(asked.kind).toBe('usage');
    expect((await world.outcomeOf('aurora-uk', asked.syncId)).type).toBe('CodeSyncCompleted');
    const borealis = await world.eventStore.readStream(codeSyncStream(2));
    expect(borealis.filter((e) => (e.data as { kind?: string }).kind === 'usage')).toEqual([]);
  });
});

describe('When two projector processes each run the usage refresh', () => {
  it('should ask only from the one that holds the schedule, and from the other once that one stops', async () => {
    await world.waitForIdle();
    const before = (await world.eventStore.readStream(codeSyncStream(1))).length;
    // Each process stamps its requests with its own clock, so the log says which one asked.
    const processAt = (year: number) =>
      startCodeUsageRefresh({
        pool: world.db.pool,
        eventStore: world.eventStore,
        intervalMs: 20,
        lockRetryMs: 20,
        logger: pino({ level: 'silent' }),
        now: () => new Date(`${year}-01-01T00:00:00Z`),
      });
    const askedBy = async () =>
      (await world.eventStore.readStream(codeSyncStream(1)))
        .slice(before)
        .filter((e) => e.type === 'CodeSyncRequested')
        .map((e) => (e.data as { requestedAt: string }).requestedAt.slice(0, 4));
    const first = processAt(2030);
    const second = processAt(2031);
    while ((await askedBy()).length < 4) await world.waitForIdle();
    const asked = await askedBy();
    expect(new Set(asked).size).toBe(1);
    const leader = asked[0] === '2030' ? first : second;
    const follower = leader === first ? second : first;
    const followerYear = leader === first ? '2031' : '2030';
    await leader.stop();
    while (!(await askedBy()).includes(followerYear)) await world.waitForIdle();
    await follower.stop();
  });
});

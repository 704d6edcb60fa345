import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorAdapter } from '../../test/adapter-harness';
import { startTestEmulator, type TestEmulator } from '../../test/harness';
import {
  createShopifyAdapter,
  ShopifyNoAnswerError,
  ShopifyUnavailableError,
  StoreNotConfiguredError,
  ShopifyAuthError,
  storesFromEnv,
  type ShopifyStore,
} from '../index';
import { pages } from './operations/paging';

let t: TestEmulator;
let store: ShopifyStore;
beforeAll(async () => {
  t = await startTestEmulator({ jobs: { mode: 'auto', delayMs: 0 } });
  const found = emulatorAdapter(t, { requestTimeoutMs: 1500 }).store('aurora-uk');
  if (!found.ok) throw found.error;
  store = found.store;
});
afterAll(() => t.emulator.stop());
beforeEach(() => {
  t.emulator.faults.clear();
  t.emulator.callLog.clear();
});

const exists = (code = 'WELCOME10') => store.checkCodesExist([code]);
const multiDiscount = (title: string, code: string) =>
  store.createDiscount({
    kind: 'multi',
    title,
    code,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    functionId: t.emulator.functionIds['aurora-uk']!,
    rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
  });

describe('When Shopify misbehaves, the adapter', () => {
  it('should wait out THROTTLED by the §13 formula and retry', async () => {
    t.emulator.faults.inject({ kind: 'throttle', shop: 'aurora-uk', operation: 'CodesExist' });
    const before = t.clock.now();
    expect((await exists()).get('WELCOME10')).not.toBeNull();
    expect(t.emulator.callLog.entries().map((e) => e.outcome)).toEqual(['throttled', 'ok']);
    expect(t.clock.now() - before).toBe(1000);
  });

  it('should retry 5xx, resets and timeouts with back-off', async () => {
    t.emulator.faults.inject({ kind: 'server-error', shop: 'aurora-uk', status: 503 });
    t.emulator.faults.inject({ kind: 'reset', shop: 'aurora-uk' });
    t.emulator.faults.inject({ kind: 'timeout', shop: 'aurora-uk', holdMs: 5000 });
    expect((await exists()).get('WELCOME10')).not.toBeNull();
    expect(t.emulator.callLog.entries().map((e) => e.outcome)).toEqual([
      'fault:server-error',
      'fault:reset',
      'fault:timeout',
      'ok',
    ]);
  });

  it('should give up after five attempts with a typed error', async () => {
    t.emulator.faults.inject({ kind: 'server-error', shop: 'aurora-uk', times: 5 });
    const error = await exists().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUnavailableError);
    expect((error as Error).message).toBe(
      'Shopify store aurora-uk unavailable after 5 attempts: GraphQL Client: Bad Gateway',
    );
  });

  it('should not repeat records when a page comes back twice', async () => {
    const clean: string[] = [];
    for await (const page of store.importProducts()) clean.push(...page.map((p) => p.id));
    t.emulator.faults.inject({ kind: 'duplicate-page', shop: 'aurora-uk', operation: 'ImportProducts' });
    const ids: string[] = [];
    for await (const page of pages(
      store.client,
      {
        operation: 'p',
        query:
          'query ($first: Int!, $after: String) { products(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { id } } }',
        pick: (d) => (d as { products: never }).products,
        costPerNode: 1,
      },
      5,
    )) {
      ids.push(...page.map((p) => p.id));
    }
    expect(ids).toEqual(clean);
  });

  it('should halve the page size on MAX_COST_EXCEEDED', async () => {
    const heavy =
      'query ($first: Int!, $after: String) { products(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { id variants(first: 10) { nodes { id } } } } }';
    const ids: string[] = [];
    for await (const page of pages<{ id: string }>(store.client, {
      operation: 'heavy',
      query: heavy,
      pick: (d) => (d as { products: never }).products,
      costPerNode: 13,
    }))
      ids.push(...page.map((p) => p.id));
    expect(ids.length).toBe(16);
    expect(t.emulator.callLog.entries().map((e) => e.requestedQueryCost)).toEqual([3252, 1627, 808]);
  });

  it('should download a truncated export again', async () => {
    t.emulator.faults.inject({ kind: 'truncate-jsonl', shop: 'aurora-uk' });
    let codes = 0;
    for await (const record of store.exportCodeDiscounts()) if (record.kind === 'code') codes += 1;
    expect(codes).toBe(300 + 7);
  });

  it('should log which mutation, which store and which codes', async () => {
    const { id } = await multiDiscount('Logged', 'LOG-1');
    await store.addCodes(id, ['LOG-2', 'LOG-3']);
    const mutations = t.emulator.callLog.entries({ operation: 'mutation' });
    expect(mutations.map((e) => [e.shop, e.rootFields[0], e.codes])).toEqual([
      ['aurora-uk', 'discountCodeAppCreate', ['LOG-1']],
      ['aurora-uk', 'discountRedeemCodeBulkAdd', ['LOG-2', 'LOG-3']],
    ]);
  });

  it('should not send a bulk add again when its answer is lost, and say that it may have been applied', async () => {
    const { id } = await multiDiscount('Lost answer', 'LOST-0');
    t.emulator.faults.inject({ kind: 'lose-answer', shop: 'aurora-uk', operation: 'discountRedeemCodeBulkAdd' });
    const error = await store.submitCodes(id, ['LOST-1']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyNoAnswerError);
    expect(t.emulator.callLog.entries({ rootField: 'discountRedeemCodeBulkAdd' }).map((e) => e.outcome)).toEqual([
      'fault:lose-answer',
    ]);
    await t.emulator.scheduler.runPending();
    expect((await exists('LOST-1')).get('LOST-1')?.discountId).toBe(id);
  });

  it('should report stores without a token, and a rejected token, without crashing', async () => {
    const stores = storesFromEnv(['aurora-uk', 'aurora-us'], { AURORA_UK_SHOPIFY_TOKEN: 'shpat_wrong' });
    const adapter = createShopifyAdapter({
      stores,
      emulatorUrl: t.emulator.url,
      policy: { sleep: async () => undefined },
    });
    expect(adapter.missingTokens).toEqual([{ slug: 'aurora-us', variable: 'AURORA_US_SHOPIFY_TOKEN' }]);
    const us = adapter.store('aurora-us');
    expect(us.ok ? null : us.error).toBeInstanceOf(StoreNotConfiguredError);
    expect(us.ok ? '' : us.error.message).toBe(
      'Store aurora-us has no Shopify access token: set AURORA_US_SHOPIFY_TOKEN',
    );
    const uk = adapter.store('aurora-uk');
    if (!uk.ok) throw uk.error;
    await expect(uk.store.checkCodesExist(['X'])).rejects.toBeInstanceOf(ShopifyAuthError);
  });
});

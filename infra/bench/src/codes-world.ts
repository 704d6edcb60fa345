import type { Actor } from '@dm/command-api/commands';
import type { EventStore } from '@dm/event-store';
import { discountStream } from '@dm/events';
import { addDiscountCodesBodySchema, type AddDiscountCodesInput } from '@dm/events/http';
import { givenMultiDiscount } from './discount-deployment-world';

/** Staff of the first brand at the lowest level that may add codes (issue 12: influencer codes are daily work). */
export const benchActor: Actor = {
  id: 'bench-user',
  email: 'bench-user@bench.test',
  name: 'Bench User',
  level: 'user',
  brandIds: [1],
};

/** `count` codes `<prefix>0000`… as one add-codes request to `storeIds`, parsed as the route parses it. */
export const codeBatch = (
  prefix: string,
  count: number,
  storeIds: readonly number[],
  influencerName: string | null = null,
): AddDiscountCodesInput =>
  addDiscountCodesBodySchema.parse({
    codes: Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`),
    stores: [...storeIds],
    influencerName,
  });

/**
 * A multi discount live in `storeIds` as the log records it after the reactor's work (created, requested, deployed
 * per store), with no reactor running: codes added to it are reserved and projected, never pushed.
 */
export const givenLiveDiscount = async (
  eventStore: EventStore,
  storeIds: readonly number[],
  name: string,
  seedCode: string,
): Promise<string> => {
  const target = { type: 'product' as const, id: '00000000-0000-4000-8000-000000900001', name: 'Runner' };
  const discountId = await givenMultiDiscount(eventStore, storeIds, [{ target, kind: 'percentage', amount: '15' }], {
    name,
    seedCode,
  });
  const at = new Date().toISOString();
  await eventStore.append(
    discountStream(discountId),
    storeIds.map((storeId) => ({
      type: 'DiscountDeployed',
      data: {
        discountId,
        storeId,
        shopifyDiscountId: `gid://shopify/DiscountCodeNode/${9000 + storeId}`,
        code: seedCode,
        attempt: 1,
        deployedAt: at,
      },
      metadata: { actorId: 'bench', brandId: 1, correlationId: discountId },
    })),
    { expected: 'exists' },
  );
  return discountId;
};

/**
 * `samples` timings of `a` and of its baseline `b`, sample for sample in alternation (so both see the same moment
 * of a machine shared with other work), after 20 warm-up rounds; sorted, in milliseconds.
 */
export const timeSamples = async (
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  samples: number,
): Promise<{ a: number[]; b: number[] }> => {
  for (let i = 0; i < 20; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < samples; i++) {
    let started = performance.now();
    await a();
    as.push(performance.now() - started);
    started = performance.now();
    await b();
    bs.push(performance.now() - started);
  }
  return { a: as.sort((x, y) => x - y), b: bs.sort((x, y) => x - y) };
};

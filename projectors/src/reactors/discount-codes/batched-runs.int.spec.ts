import { discountCodesStream, discountStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { buildWorld, storeIds, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';
import { deterministicId } from '../../deterministic-id';
import { pushesOfAddition } from './plan';

// Decision 1530: a store's chunks ride together in one bulk mutation run, one line each (decision 1420 sent every
// chunk as its own run: a staged upload, a run and its polls per chunk, ~2.3 times a direct bulk add's points).
// Each chunk notes the run's name and its line before the run goes out, and recovery reads its own line.
let world: World;
let discount: GivenDiscount;

const codeEvents = async () =>
  (await world.eventStore.readStream(discountCodesStream(discount.discountId))).map(parseDomainEvent);
const outcomes = async () =>
  (await codeEvents()).flatMap((e) =>
    e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e] : [],
  );
const runsTaken = () =>
  world.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperationRunMutation', outcome: 'ok' });
const listedRunNames = async () =>
  (
    await world.gql<{ bulkOperations: { nodes: { query: string }[] } }>(
      'aurora-uk',
      '{ bulkOperations(first: 250, query: "operation_type:mutation") { nodes { query } } }',
    )
  ).bulkOperations.nodes.map((n) => /^mutation (\w+)/.exec(n.query)?.[1]);
const codesOf = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

beforeAll(async () => {
  world = await buildWorld();
  discount = await givenRunnerDiscount(world, { name: 'Batched runs', seedCode: 'BATCHED' });
});
afterAll(() => world.close());

describe('When 2,500 codes (ten chunks) go to one store at once', () => {
  it('should send them in fewer runs than chunks, each chunk noted in a run Shopify lists', async () => {
    const codes = codesOf('TEN', 2500);
    const runsBefore = runsTaken().length;
    await world.eventStore.appendMany(addCodes(discount, codes, ['aurora-uk']));
    await eventually(async () => (await outcomes()).length === 10, 60_000);
    const live = (await outcomes()).flatMap((e) => (e.type === 'DiscountCodesPushed' ? e.data.live : []));
    expect(live.sort()).toEqual(codes);
    expect(runsTaken().length - runsBefore).toBeLessThan(10);

    const notes = (await codeEvents()).flatMap((e) => (e.type === 'DiscountCodesPushBatched' ? [e.data] : []));
    expect(new Set(notes.map((n) => n.chunkKey)).size).toBe(10);
    expect(new Set(notes.map((n) => `${n.runName}#${n.line}`)).size).toBe(notes.length);
    const listed = new Set(await listedRunNames());
    expect(notes.every((n) => listed.has(n.runName))).toBe(true);
    // Every chunk's codes were run once, as one line.
    const lines = world.emulator.callLog
      .entries({ shop: 'aurora-uk', rootField: 'discountRedeemCodeBulkAdd', outcome: 'ok' })
      .filter((e) => e.codes.some((c) => c.startsWith('TEN-')));
    expect(lines.map((e) => e.codes.length)).toEqual(Array(10).fill(250));
  });
});

describe('When the projectors stopped after Shopify took a run of two chunks, before anything but the notes was recorded', () => {
  it('should find the run by the name each chunk noted, and read each chunk its own line, sending nothing again', async () => {
    await world.stopProjectors();
    const codes = codesOf('PAIR', 500);
    await world.eventStore.appendMany(addCodes(discount, codes, ['aurora-uk']));
    const recorded = (await world.eventStore.readStream(discountCodesStream(discount.discountId))).at(-1)!;
    expect(recorded.type).toBe('DiscountCodesAdded');
    const chunks = pushesOfAddition(recorded, await world.eventStore.readStream(discountStream(discount.discountId)));
    expect(chunks.map((c) => c.codes.length)).toEqual([250, 250]);

    // What the reactor had recorded when the process died: each chunk Started and noted in run `tag`, line by line.
    const tag = 'DmCodesPush_pairBeforeTheCrash';
    const now = new Date().toISOString();
    for (const [line, chunk] of chunks.entries()) {
      const key = `codes-push:${chunk.discountId}:${chunk.chunkKey}`;
      const metadata = { actorId: 'reactor:discount-codes-push', commandId: key, brandId: 1 };
      const { discountId, storeId, chunkKey } = chunk;
      await world.eventStore.append(
        discountCodesStream(discount.discountId),
        [
          {
            eventId: deterministicId(`discount-codes-push|${key}|started`),
            type: 'DiscountCodesPushStarted',
            data: { discountId, storeId, chunkKey, codes: [...chunk.codes], startedAt: now },
            metadata,
          },
          {
            eventId: deterministicId(`discount-codes-push|${key}|DiscountCodesPushBatched|${tag}`),
            type: 'DiscountCodesPushBatched',
            data: { discountId, storeId, chunkKey, runName: tag, line, batchedAt: now },
            metadata,
          },
        ],
        { expected: 'any' },
      );
    }
    const deployed = (await world.outcomesOf(discount.discountId)).find((e) => e.type === 'DiscountDeployed')!;
    const shopifyDiscountId = (deployed.data as { shopifyDiscountId: string }).shopifyDiscountId;
    const found = world.shopify.store('aurora-uk');
    if (!found.ok) throw found.error;
    await found.store.submitCodesRun(
      tag,
      chunks.map((c) => ({ discountId: shopifyDiscountId, codes: c.codes })),
    );
    const runsBefore = runsTaken().length;
    const outcomesBefore = (await outcomes()).length;

    world.restartProjectors();
    await eventually(async () => (await outcomes()).length === outcomesBefore + 2, 60_000);
    expect(runsTaken()).toHaveLength(runsBefore);
    for (const chunk of chunks) {
      const outcome = (await outcomes()).find((e) => e.data.chunkKey === chunk.chunkKey)!;
      expect(outcome.type === 'DiscountCodesPushed' && outcome.data).toMatchObject({
        storeId: storeIds['aurora-uk'],
        live: chunk.codes,
        refused: [],
      });
    }
    const lines = world.emulator.callLog
      .entries({ shop: 'aurora-uk', rootField: 'discountRedeemCodeBulkAdd', outcome: 'ok' })
      .filter((e) => e.codes.some((c) => c.startsWith('PAIR-')));
    expect(lines).toHaveLength(2);
  });
});

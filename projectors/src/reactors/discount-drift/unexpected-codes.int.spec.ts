import { randomUUID } from 'node:crypto';
import {
  codeReservationStream,
  codeSyncStream,
  discountCodesStream,
  discountDriftStream,
  parseDomainEvent,
} from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import type { GivenDiscount } from '../../../test/discount-deployment/given';
import { givenRunnerDiscount } from '../../../test/discount-deployment/given-runner-discount';
import { at, buildWorld, storeIds, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

// Issue 22, item 2: drift reports a code live on our Shopify discount that our ledger does not hold for it, even
// when our codes page still lists the code (before, every rm.discount_code_stores row counted as known).
let world: World;
let freed: GivenDiscount;
const de = storeIds['aurora-de'];

const fullSync = async () => {
  const syncId = randomUUID();
  await world.eventStore.append(
    codeSyncStream(de),
    [
      {
        type: 'CodeSyncRequested',
        data: {
          syncId,
          storeId: de,
          brandId: 1,
          storeSlug: 'aurora-de',
          kind: 'full',
          updatedSince: null,
          requestedAt: new Date().toISOString(),
        },
        metadata: { brandId: 1 },
      },
    ],
    { expected: 'any' },
  );
  await eventually(async () =>
    (await world.eventStore.readStream(codeSyncStream(de))).some(
      (e) => e.type === 'CodeSyncCompleted' && (e.data as { syncId: string }).syncId === syncId,
    ),
  );
  await world.projectors?.waitForIdle();
};
const findings = async () =>
  (await world.eventStore.readStream(discountDriftStream(freed.discountId, de)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountDriftDetected' ? [e.data.differences] : []));

beforeAll(async () => {
  world = await buildWorld();
  freed = await givenRunnerDiscount(world, { name: 'Freed codes', seedCode: 'FREED', store: 'aurora-de' });
  await world.eventStore.appendMany(addCodes(freed, ['FREED-1', 'KEPT-1'], ['aurora-de']));
  await eventually(async () =>
    (await world.eventStore.readStream(discountCodesStream(freed.discountId))).some(
      (e) => e.type === 'DiscountCodesPushed',
    ),
  );
  await world.projectors?.waitForIdle();
}, 120_000);
afterAll(() => world.close());

describe('When a code is live in the store but our ledger no longer holds it there', () => {
  it('should report it unexpected at the next sync, though the codes page still lists it live', async () => {
    await fullSync();
    expect(await findings()).toEqual([]);
    const stream = codeReservationStream(de, 'FREED-1');
    const reserved = (await world.eventStore.readStream(stream)).at(-1)!;
    await world.eventStore.append(
      stream,
      [
        {
          type: 'CodeReleased',
          data: { storeId: de, code: 'FREED-1', discountId: freed.discountId, brandId: 1, releasedAt: at },
        },
      ],
      { expected: reserved.streamVersion },
    );
    await world.projectors?.waitForIdle();
    await fullSync();
    expect((await findings()).at(-1)).toMatchObject({
      deleted: false,
      missingCodes: [],
      unexpectedCodes: ['FREED-1'],
      unexpectedCodeCount: 1,
    });
  });
});

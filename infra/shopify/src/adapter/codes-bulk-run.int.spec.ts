import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorAdapter } from '../../test/adapter-harness';
import { field, startTestEmulator, type TestEmulator } from '../../test/harness';
import type { ShopifyStore } from '../index';

// Decision 1450: a chunk waiting for one of the 5 bulk mutation slots (ours in this process, or Shopify's, held by
// runs a killed process left behind) gave its caller no way out: a stopping process's push waited on, then submitted
// a run no one would wait on, while its successor submitted the same chunk again.
let t: TestEmulator;
let discountId: string;
const storeOf = (t: TestEmulator): ShopifyStore => {
  const found = emulatorAdapter(t).store('aurora-uk');
  if (!found.ok) throw found.error;
  return found.store;
};
const mutationRuns = async () =>
  (
    field(
      await t.gql('{ bulkOperations(first: 50, query: "operation_type:mutation") { nodes { status } } }'),
      'bulkOperations',
    ) as { nodes: { status: string }[] }
  ).nodes;

beforeAll(async () => {
  t = await startTestEmulator({ jobs: { mode: 'auto', delayMs: 0 } });
  discountId = await storeOf(t)
    .createDiscount({
      kind: 'multi',
      title: 'Slots',
      code: 'SLOTS',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: t.emulator.functionIds['aurora-uk']!,
      rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
    })
    .then((created) => created.id);
});
afterAll(async () => {
  t.emulator.scheduler.resume();
  await t.emulator.stop();
});

describe('When every bulk mutation slot is taken and Shopify holds the runs', () => {
  it('should let a waiting submission go when its caller aborts, and submit nothing after', async () => {
    t.emulator.scheduler.pause();
    const first = storeOf(t);
    for (let i = 0; i < 5; i += 1)
      await first.submitCodesRun(`DmCodesPush_slot${i}`, [{ discountId, codes: [`SLOT-${i}`] }]);
    expect(await mutationRuns()).toHaveLength(5);

    // This process: no slot of its own left. Another process (its own adapter): Shopify refuses a sixth run.
    const here = new AbortController();
    const there = new AbortController();
    const waitingHere = first.submitCodesRun('DmCodesPush_here', [{ discountId, codes: ['SLOT-HERE'] }], here.signal);
    const waitingThere = storeOf(t).submitCodesRun(
      'DmCodesPush_there',
      [{ discountId, codes: ['SLOT-THERE'] }],
      there.signal,
    );
    const refusedThere = () =>
      t.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperationRunMutation' }).length > 5;
    while (!refusedThere()) await new Promise((resolve) => setTimeout(resolve, 20));
    here.abort(new Error('stopping'));
    there.abort(new Error('stopping'));
    await expect(waitingHere).rejects.toThrow('stopping');
    await expect(waitingThere).rejects.toThrow('stopping');

    t.emulator.scheduler.resume();
    await t.emulator.scheduler.runPending();
    expect((await mutationRuns()).map((op) => op.status)).toEqual(Array(5).fill('COMPLETED'));
  });
});

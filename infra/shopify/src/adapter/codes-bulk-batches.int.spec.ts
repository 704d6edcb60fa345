import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorAdapter } from '../../test/adapter-harness';
import { field, startTestEmulator, type TestEmulator } from '../../test/harness';
import type { ShopifyStore } from '../index';
import { runTagOfChunks } from './operations/codes-bulk-batches';

// Decision 1530: a store's chunks queued together ride in one bulk mutation run, one line each, so a chunk costs a
// share of one staged upload, one run and its polls instead of its own (decision 1420 spent ~2.3 times the points of
// a direct bulk add per chunk). Each chunk learns the run's name and its line before the run is sent.
let t: TestEmulator;
let store: ShopifyStore;
let discountId: string;

const runs = async () =>
  (
    field(
      await t.gql('{ bulkOperations(first: 50, query: "operation_type:mutation") { nodes { id status query } } }'),
      'bulkOperations',
    ) as { nodes: { id: string; status: string; query: string }[] }
  ).nodes;
const chunkOf = (n: number) => ({
  id: `DmCodesChunk_${n}`,
  discountId,
  codes: Array.from({ length: 250 }, (_, i) => `Q${n}-${String(i).padStart(3, '0')}`),
});

beforeAll(async () => {
  t = await startTestEmulator({ jobs: { mode: 'auto', delayMs: 0 } });
  const found = emulatorAdapter(t).store('aurora-uk');
  if (!found.ok) throw found.error;
  store = found.store;
  discountId = (
    await store.createDiscount({
      kind: 'multi',
      title: 'Batches',
      code: 'BATCHES',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: t.emulator.functionIds['aurora-uk']!,
      rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
    })
  ).id;
});
afterAll(() => t.emulator.stop());

describe('When three chunks of a store are queued together', () => {
  it('should send them as one run of three lines, named after them, each noted before the run went out', async () => {
    const before = (await runs()).length;
    const noted: { tag: string; line: number; runsThen: number }[] = [];
    const chunks = [0, 1, 2].map(chunkOf);
    const queued = await Promise.all(
      chunks.map((chunk) =>
        store.queueCodes(chunk, {
          batched: async ({ tag, line }) => {
            noted.push({ tag, line, runsThen: (await runs()).length });
          },
        }),
      ),
    );
    const tag = runTagOfChunks(chunks.map((c) => c.id));
    expect(queued.map((q) => ({ tag: q.tag, line: q.line }))).toEqual([0, 1, 2].map((line) => ({ tag, line })));
    expect(new Set(queued.map((q) => q.runId)).size).toBe(1);
    expect(noted.sort((a, b) => a.line - b.line)).toEqual([0, 1, 2].map((line) => ({ tag, line, runsThen: before })));
    const listed = (await runs()).slice(before);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.query).toMatch(new RegExp(`^mutation ${tag}\\(`));
    expect(await store.findCodesRun(['DmCodesPush_other', tag], null, Date.now())).toEqual({
      runId: queued[0]!.runId,
      tag,
    });

    // Each chunk reads its own line: the bulk creation of its own codes.
    const created = await Promise.all(queued.map((q) => store.codesRunCreation(q.runId, q.line)));
    expect(created.map((c) => c.codes)).toEqual(chunks.map((c) => c.codes));
    expect(new Set(created.map((c) => c.creationId)).size).toBe(3);
    const calls = t.emulator.callLog.entries({ shop: 'aurora-uk' });
    expect(calls.filter((c) => c.rootFields.includes('stagedUploadsCreate')).length).toBe(1);
    expect(calls.filter((c) => c.rootFields.includes('bulkOperationRunMutation')).length).toBe(1);
  });
});

describe('When a queued chunk is given up before its run is cut', () => {
  it('should leave the queue, and the run carry only the others', async () => {
    const stop = new AbortController();
    const [gone, kept] = [chunkOf(3), chunkOf(4)];
    const leaving = store.queueCodes(gone, { signal: stop.signal, batched: async () => undefined });
    stop.abort(new Error('stopping'));
    const staying = store.queueCodes(kept, { batched: async () => undefined });
    await expect(leaving).rejects.toThrow('stopping');
    const run = await staying;
    expect(run.tag).toBe(runTagOfChunks([kept.id]));
    expect((await store.codesRunCreation(run.runId, run.line)).codes).toEqual(kept.codes);
  });
});

describe('When a chunk cannot note its run', () => {
  it('should send nothing and tell every chunk of the run', async () => {
    const before = (await runs()).length;
    const failing = store.queueCodes(chunkOf(5), {
      batched: async () => {
        throw new Error('the log is down');
      },
    });
    const other = store.queueCodes(chunkOf(6), { batched: async () => undefined });
    await expect(failing).rejects.toThrow('the log is down');
    await expect(other).rejects.toThrow('the log is down');
    expect(await runs()).toHaveLength(before);
  });
});

describe('When the one chunk waiting on a run Shopify holds gives up', () => {
  it('should stop polling it without a stray rejection, and a later wait read the run', async () => {
    t.emulator.scheduler.pause();
    const chunk = chunkOf(7);
    const stop = new AbortController();
    try {
      const run = await store.queueCodes(chunk, { batched: async () => undefined });
      const waiting = store.codesRunCreation(run.runId, run.line, stop.signal);
      const polled = () => t.emulator.callLog.entries({ shop: 'aurora-uk', rootField: 'bulkOperation' }).length;
      const before = polled();
      while (polled() === before) await new Promise((resolve) => setTimeout(resolve, 10));
      stop.abort(new Error('stopping'));
      await expect(waiting).rejects.toThrow('stopping');
      t.emulator.scheduler.resume();
      await t.emulator.scheduler.runPending();
      expect((await store.codesRunCreation(run.runId, run.line)).codes).toEqual(chunk.codes);
    } finally {
      t.emulator.scheduler.resume();
    }
  });
});

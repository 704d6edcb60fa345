import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { chainUpcasters, type DataUpcaster } from '../src/upcast';
import { logStart, type EventStore, type ExpectedVersion, type Upcast } from '../src/types';
import { appendManyContract } from './contract-append-many';
import { concurrencyError, events } from './contract-helpers';
import { readAllUntil } from './read-all-until';

export type MakeStore = (options: { upcast?: Upcast }) => Promise<EventStore> | EventStore;

/** What every EventStore adapter must do; run by the PostgreSQL store and by the KurrentDB adapter. */
export const runEventStoreContract = (name: string, makeStore: MakeStore): void => {
  describe(`EventStore contract: ${name}`, () => {
    const stores: EventStore[] = [];
    const open = async (options: { upcast?: Upcast } = {}) => {
      const store = await makeStore(options);
      stores.push(store);
      return store;
    };
    const stream = (label: string) => `contract-${label}-${randomUUID()}`;
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
    });

    describe('When appending with an expected version', () => {
      const cases: { given: number; expected: ExpectedVersion; ok: boolean }[] = [
        { given: 0, expected: 'no_stream', ok: true },
        { given: 2, expected: 'no_stream', ok: false },
        { given: 0, expected: 'exists', ok: false },
        { given: 2, expected: 'exists', ok: true },
        { given: 0, expected: 'any', ok: true },
        { given: 2, expected: 'any', ok: true },
        { given: 0, expected: 0n, ok: true },
        { given: 2, expected: 2n, ok: true },
        { given: 2, expected: 1n, ok: false },
        { given: 2, expected: 3n, ok: false },
        { given: 0, expected: 5n, ok: false },
      ];
      it.each(cases)(
        'should enforce $expected on a stream of $given events (ok: $ok)',
        async ({ given, expected, ok }) => {
          const store = await open();
          const id = stream('expected');
          if (given > 0) await store.append(id, events(given), { expected: 'no_stream' });
          const append = store.append(id, events(1, 'Next'), { expected });
          if (ok) {
            await expect(append).resolves.toMatchObject({ nextExpectedVersion: BigInt(given + 1), appended: 1 });
          } else {
            const error = await concurrencyError(append);
            expect(error).toMatchObject({ streamId: id, expected, actual: BigInt(given) });
          }
          expect(await store.readStream(id)).toHaveLength(ok ? given + 1 : given);
        },
      );
    });

    it('should append several events with dense versions and read them back in order', async () => {
      const store = await open();
      const id = stream('many');
      const result = await store.append(id, events(3), { expected: 'no_stream' });
      expect(result).toMatchObject({ nextExpectedVersion: 3n, appended: 3 });
      const read = await store.readStream(id);
      expect(read.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
        [1n, 'Counted', { n: 1 }],
        [2n, 'Counted', { n: 2 }],
        [3n, 'Counted', { n: 3 }],
      ]);
      expect(read[2]?.globalPosition).toBe(result.lastPosition);
      expect(read[0]?.metadata).toMatchObject({ actorId: 'contract' });
      expect((await store.readStream(id, { fromVersion: 2n })).map((e) => e.streamVersion)).toEqual([3n]);
    });

    it('should fold a stream with aggregate, and give the initial state for a missing stream', async () => {
      const store = await open();
      const id = stream('aggregate');
      await store.append(id, events(4), { expected: 'no_stream' });
      const sum = (total: number, e: { data: unknown }) => total + (e.data as { n: number }).n;
      expect(await store.aggregate(id, sum, 0)).toEqual({ state: 10, version: 4n });
      expect(await store.aggregate(stream('missing'), sum, 0)).toEqual({ state: 0, version: 0n });
    });

    it('should store each event id once however often it is appended', async () => {
      const store = await open();
      const id = stream('idempotent');
      const batch = events(2).map((e) => ({ ...e, eventId: randomUUID() }));
      const first = await store.append(id, batch, { expected: 'no_stream' });
      const again = [
        await store.append(id, batch, { expected: 'no_stream' }),
        await store.append(id, batch, { expected: 'any' }),
      ];
      for (const result of again) expect(result).toEqual({ ...first, appended: 0 });
      expect((await store.readStream(id)).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
    });

    appendManyContract({ open, stream });

    it('should let exactly one of 32 concurrent appends with the same expected version win', async () => {
      const store = await open();
      const id = stream('race');
      await store.append(id, events(1), { expected: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 32 }, () => store.append(id, events(1, 'Raced'), { expected: 1n })),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      console.log(`[${name}] 32 concurrent appends: ${won.length} succeeded, ${lost.length} ConcurrencyError`);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(31);
      for (const e of lost) expect(e).toMatchObject({ name: 'ConcurrencyError', actual: 2n });
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('should upcast old schema versions at read time, never rewriting what is stored', async () => {
      const upcast = chainUpcasters(
        new Map<string, DataUpcaster>([
          ['Renamed@1', (d: unknown) => ({ fullName: (d as { name: string }).name })],
          ['Renamed@2', (d: unknown) => ({ ...(d as object), locale: 'en' })],
        ]),
      );
      const [plain, upcasting] = [await open(), await open({ upcast })];
      const id = stream('upcast');
      await plain.append(
        id,
        [
          { type: 'Renamed', data: { name: 'Ada' }, schemaVersion: 1 },
          { type: 'Renamed', data: { fullName: 'Bo', locale: 'sv' }, schemaVersion: 3 },
        ],
        { expected: 'no_stream' },
      );
      const expected = [
        [3, { fullName: 'Ada', locale: 'en' }],
        [3, { fullName: 'Bo', locale: 'sv' }],
      ];
      expect((await upcasting.readStream(id)).map((e) => [e.schemaVersion, e.data])).toEqual(expected);
      const all = await readAllUntil(upcasting, (e) => e.streamId === id, 2);
      expect(all.map((e) => [e.schemaVersion, e.data])).toEqual(expected);
      expect((await plain.readStream(id))[0]).toMatchObject({ schemaVersion: 1, data: { name: 'Ada' } });
    });

    it('should read the whole log in order, page by page, after a position', async () => {
      const store = await open();
      const [a, b] = [stream('all-a'), stream('all-b')];
      await store.append(a, events(3), { expected: 'no_stream' });
      await store.append(b, events(2), { expected: 'no_stream' });
      await store.append(a, events(1, 'Later'), { expected: 3n });
      const mine = (e: { streamId: string }) => e.streamId === a || e.streamId === b;
      const all = await readAllUntil(store, mine, 6, { batch: 2 });
      expect(all.map((e) => `${e.streamId === a ? 'a' : 'b'}${e.streamVersion}`)).toEqual([
        'a1',
        'a2',
        'a3',
        'b1',
        'b2',
        'a4',
      ]);
      const third = all[2]!;
      const rest = await readAllUntil(store, mine, 3, { from: { txId: third.txId, position: third.globalPosition } });
      expect(rest.map((e) => e.eventId)).toEqual(all.slice(3).map((e) => e.eventId));
    });

    it('should read only the events of the types asked for, and say how far it looked', async () => {
      const store = await open();
      const id = stream('typed');
      const [wanted, other, absent] = ['Wanted', 'Other', 'Absent'].map((t) => `${t}${randomUUID().slice(0, 8)}`) as [
        string,
        string,
        string,
      ];
      await store.append(id, [...events(2, other), ...events(1, wanted), ...events(3, other), ...events(2, wanted)], {
        expected: 'no_stream',
      });
      const all = await readAllUntil(store, (e) => e.streamId === id, 8);
      const at = (i: number) => ({ txId: all[i]!.txId, position: all[i]!.globalPosition });
      const fromFirst = await store.readAllOfTypes(at(0), 7, [wanted]);
      expect(fromFirst.events.map((e) => [e.type, e.streamVersion])).toEqual([
        [wanted, 3n],
        [wanted, 7n],
        [wanted, 8n],
      ]);
      expect(fromFirst.readTo).toEqual(at(7));
      const window = await store.readAllOfTypes(at(0), 4, [wanted]);
      expect(window.events.map((e) => e.streamVersion)).toEqual([3n]);
      expect(window.readTo).toEqual(at(4));
      const nothing = await store.readAllOfTypes(at(2), 3, [absent]);
      expect(nothing).toEqual({ events: [], readTo: at(5) });
    });

    it('should say whether events are committed after a position', async () => {
      const store = await open();
      const id = stream('after');
      await store.append(id, events(1), { expected: 'no_stream' });
      expect(await store.hasEventsAfter(logStart)).toBe(true);
      // The last event of the log: the tests of this suite append one after another.
      const [last] = await readAllUntil(store, (e) => e.streamId === id, 1);
      expect(await store.hasEventsAfter({ txId: last!.txId, position: last!.globalPosition })).toBe(false);
    });

    it('should wake a waiting subscriber when events are appended', async () => {
      const store = await open();
      await store.waitForEvents(1); // connects the listener
      const woken = store.waitForEvents(600_000).then(() => 'woken');
      await store.append(stream('wake'), events(1), { expected: 'no_stream' });
      let timer: NodeJS.Timeout | undefined;
      const fallback = new Promise<string>((resolve) => {
        timer = setTimeout(resolve, 20_000, 'not woken');
      });
      expect(await Promise.race([woken, fallback])).toBe('woken');
      clearTimeout(timer);
    });
  });
};

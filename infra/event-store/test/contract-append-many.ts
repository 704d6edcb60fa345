import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventStore } from '../src/types';
import { concurrencyError, events } from './contract-helpers';

interface ContractContext {
  readonly open: () => Promise<EventStore>;
  readonly stream: (label: string) => string;
}

/** The contract's multi-stream appends (`appendMany`), run inside `runEventStoreContract`. */
export const appendManyContract = ({ open, stream }: ContractContext): void => {
  describe('When appending to several streams at once', () => {
    it('should commit all of them', async () => {
      const store = await open();
      const [a, b] = [stream('multi-a'), stream('multi-b')];
      await store.append(b, events(1), { expected: 'no_stream' });
      const results = await store.appendMany([
        { streamId: a, events: events(2), expected: 'no_stream' },
        { streamId: b, events: events(1), expected: 1n },
      ]);
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([2n, 2n]);
      expect(await store.readStream(a)).toHaveLength(2);
      expect(await store.readStream(b)).toHaveLength(2);
    });

    it('should commit none of them when one expected version is wrong', async () => {
      const store = await open();
      const [a, b] = [stream('atomic-a'), stream('atomic-b')];
      await store.append(b, events(2), { expected: 'no_stream' });
      const error = await concurrencyError(
        store.appendMany([
          { streamId: a, events: events(2), expected: 'no_stream' },
          { streamId: b, events: events(1), expected: 1n },
        ]),
      );
      expect(error).toMatchObject({ streamId: b, actual: 2n });
      expect(await store.readStream(a)).toEqual([]);
      expect(await store.readStream(b)).toHaveLength(2);
    });

    // Past 64 streams at exact versions the PostgreSQL store writes them in one statement (decision 1141).
    const many = (label: string, n: number) => Array.from({ length: n }, (_, i) => stream(`${label}-${i}`));

    it('should commit a hundred streams at once, beside one appended at any version', async () => {
      const store = await open();
      const ids = many('bulk', 100);
      const [first, ...rest] = ids;
      await store.append(first!, events(1), { expected: 'no_stream' });
      const side = stream('bulk-side');
      const results = await store.appendMany([
        { streamId: side, events: events(2), expected: 'any' },
        { streamId: first!, events: events(1, 'Next'), expected: 1n },
        ...rest.map((id) => ({ streamId: id, events: events(1), expected: 'no_stream' as const })),
      ]);
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([2n, 2n, ...rest.map(() => 1n)]);
      expect((await store.readStream(first!)).map((e) => e.type)).toEqual(['Counted', 'Next']);
      const last = await store.readLastEvents([...ids, stream('never-written')]);
      expect(last.size).toBe(100);
      expect(last.get(first!)).toMatchObject({ streamVersion: 2n, type: 'Next' });
    });

    it('should commit none of a hundred streams when one of them was taken meanwhile', async () => {
      const store = await open();
      const ids = many('bulk-lost', 100);
      await store.append(ids[50]!, events(1), { expected: 'no_stream' });
      const error = await concurrencyError(
        store.appendMany(ids.map((id) => ({ streamId: id, events: events(1), expected: 'no_stream' as const }))),
      );
      expect(error.streamId).toBe(ids[50]);
      expect((await store.readLastEvents(ids)).size).toBe(1);
    });

    it('should answer a re-sent bulk append as a no-op', async () => {
      const store = await open();
      const appends = many('bulk-again', 70).map((id) => ({
        streamId: id,
        events: [{ ...events(1)[0]!, eventId: randomUUID() }],
        expected: 'no_stream' as const,
      }));
      await store.appendMany(appends);
      const again = await store.appendMany(appends);
      expect(again.every((r) => r.appended === 0 && r.nextExpectedVersion === 1n)).toBe(true);
    });
  });
};

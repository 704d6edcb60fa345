import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, projectionCheckpointName, projectionsCaughtUpTo, type EventStore } from '../src';

let db: TestDatabase;
let store: EventStore;
const fixedNow = new Date('2026-01-02T03:04:05.000Z');
let ids = 0;
beforeAll(async () => {
  db = await createTestDatabase();
  const newId = () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`;
  store = createPostgresEventStore({ pool: db.pool, now: () => fixedNow, newId });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const setCheckpoint = (name: string, version: number, txId: bigint, position: bigint) =>
  db.pool.query(
    `INSERT INTO es.checkpoints (name, version, tx_id, position) VALUES ($1, $2, $3::text::xid8, $4)
     ON CONFLICT (name) DO UPDATE SET version = $2, tx_id = $3::text::xid8, position = $4`,
    [projectionCheckpointName(name), version, txId.toString(), position.toString()],
  );

describe('When the clock and the id generator are injected', () => {
  it('should stamp events with them', async () => {
    await store.append('injected', [{ type: 'A', data: {} }], { expected: 'no_stream' });
    const [event] = await store.readStream('injected');
    expect(event).toMatchObject({ eventId: '00000000-0000-4000-8000-000000000001', createdAt: fixedNow });
  });
});

describe('projectionsCaughtUpTo', () => {
  it('should compare checkpoints with the (tx_id, position) of the event at a global position', async () => {
    const first = await store.append('caught-up', [{ type: 'A', data: {} }], { expected: 'any' });
    const second = await store.append('caught-up', [{ type: 'B', data: {} }], { expected: 'any' });
    const [a, b] = await store.readStream('caught-up');
    const refs = [
      { name: 'one', version: 1 },
      { name: 'two', version: 1 },
    ];

    await setCheckpoint('one', 1, b!.txId, b!.globalPosition);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition, refs)).toBe(false); // 'two' has no row
    await setCheckpoint('two', 1, a!.txId, a!.globalPosition);
    expect(await projectionsCaughtUpTo(db.pool, first.lastPosition, refs)).toBe(true);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition, refs)).toBe(false);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition)).toBe(false); // every projection:* row
    await setCheckpoint('two', 1, b!.txId, b!.globalPosition);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition, refs)).toBe(true);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition)).toBe(true);
    expect(await projectionsCaughtUpTo(db.pool, second.lastPosition, [{ name: 'two', version: 2 }])).toBe(false);
    expect(await projectionsCaughtUpTo(db.pool, 0n, refs)).toBe(true);
    expect(await projectionsCaughtUpTo(db.pool, 10_000n, refs)).toBe(false); // no such event (yet)
  });
});

describe('When some of the appended event ids are stored already', () => {
  it('should append only the new ones, in order, and check the expected version against the stream', async () => {
    const [a, b, c] = [
      'aaaaaaaa-0000-4000-8000-000000000001',
      'aaaaaaaa-0000-4000-8000-000000000002',
      'aaaaaaaa-0000-4000-8000-000000000003',
    ];
    await store.append(
      'partial',
      [
        { type: 'A', data: {}, eventId: a },
        { type: 'B', data: {}, eventId: b },
      ],
      { expected: 'no_stream' },
    );
    await expect(
      store.append(
        'partial',
        [
          { type: 'B', data: {}, eventId: b },
          { type: 'C', data: {}, eventId: c },
        ],
        { expected: 1n },
      ),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', actual: 2n });
    const result = await store.append(
      'partial',
      [
        { type: 'B', data: {}, eventId: b },
        { type: 'C', data: {}, eventId: c },
      ],
      { expected: 2n },
    );
    expect(result).toMatchObject({ appended: 1, nextExpectedVersion: 3n });
    expect((await store.readStream('partial')).map((e) => [e.type, e.streamVersion])).toEqual([
      ['A', 1n],
      ['B', 2n],
      ['C', 3n],
    ]);
  });
});

describe("When 'any' appends race appends that pin an exact version (which take no lock)", () => {
  it("should let every 'any' append through and keep the stream's versions dense", async () => {
    const racer = createPostgresEventStore({ pool: db.pool });
    await racer.append('mixed', [{ type: 'A', data: {} }], { expected: 'no_stream' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? racer.append('mixed', [{ type: 'Any', data: { i } }], { expected: 'any' })
          : racer.append('mixed', [{ type: 'Exact', data: { i } }], { expected: 1n }),
      ),
    );
    const anyFailures = outcomes.filter((o, i) => i % 2 === 0 && o.status === 'rejected');
    const exactWins = outcomes.filter((o, i) => i % 2 === 1 && o.status === 'fulfilled');
    expect(anyFailures).toEqual([]);
    expect(exactWins.length).toBeLessThanOrEqual(1);
    const versions = (await racer.readStream('mixed')).map((e) => Number(e.streamVersion));
    expect(versions).toEqual(Array.from({ length: 1 + 12 + exactWins.length }, (_, i) => i + 1));
    await racer.close();
  });
});

import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { ConflictError, userAccessStream } from '@dm/events';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommandBus, systemActor, type CommandBus } from '../command-bus';

/** The real store, counting the streams it was asked to read. */
const countingReads = (store: EventStore) => {
  const reads: string[] = [];
  const counted: EventStore = {
    ...store,
    aggregate: (streamId, evolve, initial) => {
      reads.push(streamId);
      return store.aggregate(streamId, evolve, initial);
    },
  };
  return { store: counted, reads };
};

let db: TestDatabase;
let real: EventStore;
let store: EventStore;
let reads: string[];
let commands: CommandBus;

beforeAll(async () => {
  db = await createTestDatabase();
  real = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  ({ store, reads } = countingReads(real));
  commands = createCommandBus({ eventStore: store });
});
afterAll(async () => {
  await real.close();
  await db.drop();
});
beforeEach(() => void reads.splice(0));

const grant = (email: string, options: { commandId?: string } = {}) =>
  commands.grantPermission({ email, permissionLevel: 'user', brandIds: [1] }, systemActor, options);
const typesIn = async (email: string) => (await store.readStream(userAccessStream(email))).map((e) => e.type);

describe('a command that starts its stream (decision 1550)', () => {
  it("should record a person's first grant without reading their stream", async () => {
    const result = await grant('first@x.test');
    expect(result.version).toBe(1n);
    expect(reads).toEqual([]);
    expect(await typesIn('first@x.test')).toEqual(['PermissionGranted']);
  });

  it('should read the stream when it is not new, and decide on it: a person granted again keeps their id', async () => {
    const first = await grant('again@x.test');
    const userId = first.events[0]!.data.userId;
    await commands.revokePermission({ userId, email: 'again@x.test' }, systemActor);
    reads.splice(0);
    const again = await grant('again@x.test');
    expect(reads).toEqual([userAccessStream('again@x.test')]);
    expect(again.version).toBe(3n);
    expect(again.events[0]!.data.userId).toBe(userId);
  });

  it('should refuse a grant to someone who has access, as their stream decides', async () => {
    await grant('has@x.test');
    await expect(grant('has@x.test')).rejects.toThrow(ConflictError);
    expect(await typesIn('has@x.test')).toEqual(['PermissionGranted']);
  });

  it('should answer a grant sent again with its command id from the stream, not from the assumed new one', async () => {
    await grant('resent@x.test', { commandId: 'c5a1e2d0-0000-4000-8000-000000000001' });
    reads.splice(0);
    // Its events' ids are stored already: the append writes nothing, so the stream is read and decides.
    await expect(grant('resent@x.test', { commandId: 'c5a1e2d0-0000-4000-8000-000000000001' })).rejects.toThrow(
      ConflictError,
    );
    expect(reads).toEqual([userAccessStream('resent@x.test')]);
    expect(await typesIn('resent@x.test')).toEqual(['PermissionGranted']);
  });

  it('should record one of two first grants sent at once and refuse the other on the stream', async () => {
    const outcomes = await Promise.allSettled([grant('race@x.test'), grant('race@x.test')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(ConflictError);
    expect(await typesIn('race@x.test')).toEqual(['PermissionGranted']);
  });
});

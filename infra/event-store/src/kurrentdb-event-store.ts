import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
  type JSONType,
} from '@kurrent/kurrentdb-client';
import { fromKurrent, toKurrentMetadata, toStreamState, toVersion } from './kurrentdb-mapping';
import type { EventStore, ExpectedVersion, NewEvent, RecordedEvent, StreamAppend, Upcast } from './types';
import { ConcurrencyError } from './types';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` */
  readonly connectionString: string;
  readonly now?: () => Date;
  readonly newId?: () => string;
  readonly upcast?: Upcast;
}

/**
 * The EventStore interface over KurrentDB (decision 0304). Differences from the PostgreSQL store: a re-sent
 * append is recognised when it repeats the stream's latest events (KurrentDB's own idempotency window), not
 * any event ever stored; appendMany needs a server with multi-stream appends (KurrentDB 25.1+).
 */
export const createKurrentDbEventStore = (options: KurrentDbEventStoreOptions): EventStore => {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const upcast = options.upcast ?? ((event: RecordedEvent) => event);
  const waiters = new Set<() => void>();
  let subscription: AllStreamSubscription | undefined;

  const toEventData = (events: readonly NewEvent[], createdAt: Date) =>
    events.map((e) =>
      jsonEvent({
        id: e.eventId ?? newId(),
        type: e.type,
        data: e.data as JSONType,
        metadata: toKurrentMetadata(e.metadata ?? {}, e.schemaVersion ?? 1, createdAt),
      }),
    );

  const concurrencyError = (error: unknown, streamId: string, expected: ExpectedVersion): unknown =>
    error instanceof WrongExpectedVersionError
      ? new ConcurrencyError(streamId, expected, toVersion(error.actualState))
      : error;

  const readStream = async (streamId: string, fromVersion = 0n): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, {
        fromRevision: fromVersion === 0n ? START : fromVersion,
        direction: FORWARDS,
      })) {
        if (resolved.event) events.push(upcast(fromKurrent(resolved.event)));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  };

  /** The stream's latest events when they are exactly `ids` (a re-sent append), else undefined. */
  const alreadyAppended = async (streamId: string, ids: readonly string[]) => {
    const latest: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: ids.length,
      })) {
        if (resolved.event) latest.unshift(fromKurrent(resolved.event));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const last = latest.at(-1);
    const same = latest.length === ids.length && latest.every((e, i) => e.eventId === ids[i]);
    return same && last
      ? { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition, appended: 0 }
      : undefined;
  };

  const appendOne = async ({ streamId, events, expected }: StreamAppend) => {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = toEventData(events, now());
    const repeated = await alreadyAppended(
      streamId,
      data.map((e) => e.id),
    );
    if (repeated) return repeated;
    try {
      const result = await client.appendToStream(streamId, data, { streamState: toStreamState(expected) });
      const lastPosition =
        result.position?.prepare ??
        (
          await alreadyAppended(
            streamId,
            data.map((e) => e.id),
          )
        )?.lastPosition ??
        0n;
      return { nextExpectedVersion: result.nextExpectedRevision + 1n, lastPosition, appended: events.length };
    } catch (error) {
      throw concurrencyError(error, streamId, expected);
    }
  };

  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const subscribe = () => {
    if (subscription) return;
    subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    subscription.on('data', wake);
    subscription.on('error', () => {
      subscription = undefined; // waiters fall back to their timeout; the next wait subscribes again
    });
  };

  return {
    append: (streamId, events, { expected }) => appendOne({ streamId, events, expected }),

    async appendMany(appends) {
      const createdAt = now();
      const requests = appends.map((a) => ({
        streamName: a.streamId,
        events: toEventData(a.events, createdAt),
        expectedState: toStreamState(a.expected),
      }));
      try {
        const result = await client.multiStreamAppend(requests);
        return appends.map((a, i) => ({
          nextExpectedVersion: (result.responses[i]?.revision ?? -1n) + 1n,
          lastPosition: result.position,
          appended: a.events.length,
        }));
      } catch (error) {
        const failed =
          error instanceof WrongExpectedVersionError ? appends.find((a) => a.streamId === error.streamName) : undefined;
        throw failed ? concurrencyError(error, failed.streamId, failed.expected) : error;
      }
    },

    readStream: (streamId, { fromVersion = 0n } = {}) => readStream(streamId, fromVersion),

    async readLastEvents(streamIds) {
      const last = new Map<string, RecordedEvent>();
      for (const streamId of new Set(streamIds)) {
        try {
          for await (const resolved of client.readStream(streamId, {
            fromRevision: END,
            direction: BACKWARDS,
            maxCount: 1,
          })) {
            if (resolved.event) last.set(streamId, upcast(fromKurrent(resolved.event)));
          }
        } catch (error) {
          if (!(error instanceof StreamNotFoundError)) throw error;
        }
      }
      return last;
    },

    async aggregate(streamId, evolve, initial) {
      const events = await readStream(streamId);
      return { state: events.reduce(evolve, initial), version: events.at(-1)?.streamVersion ?? 0n };
    },

    async readAll(after, limit) {
      const fromStart = after.txId === 0n && after.position === 0n;
      const events: RecordedEvent[] = [];
      // $all reads include the event at `fromPosition`: ask for one more and drop it.
      for await (const resolved of client.readAll({
        fromPosition: fromStart ? START : { commit: after.txId, prepare: after.position },
        maxCount: limit + 1,
        direction: FORWARDS,
        filter: excludeSystemEvents(),
      })) {
        const event = resolved.event;
        if (!event || (event.position.commit === after.txId && event.position.prepare === after.position)) continue;
        if (events.length < limit) events.push(upcast(fromKurrent(event)));
      }
      return events;
    },

    async hasEventsAfter(after) {
      return (await this.readAll(after, 1)).length > 0;
    },

    async readAllOfTypes(after, scan, types) {
      const read = await this.readAll(after, scan);
      const last = read.at(-1);
      return {
        events: read.filter((event) => types.includes(event.type)),
        readTo: last ? { txId: last.txId, position: last.globalPosition } : null,
      };
    },

    async waitForEvents(timeoutMs, signal) {
      subscribe();
      if (signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },

    async close() {
      wake();
      await subscription?.unsubscribe().catch(() => undefined);
      await client.dispose();
    },
  };
};

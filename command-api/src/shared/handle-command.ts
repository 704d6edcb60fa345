import { createHash } from 'node:crypto';
import { ConcurrencyError, type EventStore, type NewEvent } from '@dm/event-store';
import { ConflictError, currentSchemaVersion, parseDomainEvent, type DomainEvent } from '@dm/events';
import type { Command, CommandMetadata, Decider } from './command';

export interface CommandResult<E> {
  readonly events: readonly E[];
  /** Global position of the last appended event; null when the command changed nothing. */
  readonly position: bigint | null;
  readonly version: bigint;
}

const maxAttempts = 5;

/** Someone else changed the stream first: the caller's expected version is stale, or the retries ran out. */
export const concurrencyConflict = () =>
  new ConflictError('Someone else changed this at the same time. Reload and try again.');

/** Event ids derived from the command id: re-sending the same command appends nothing new. */
const eventIdOf = (commandId: string, streamId: string, index: number) => {
  const h = createHash('sha256').update(`${commandId}\u0000${streamId}\u0000${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A command's events as the store takes them for one stream: ids derived from the command, metadata stamped. */
export const toNewEvents = <E extends DomainEvent>(
  metadata: CommandMetadata,
  streamId: string,
  events: readonly E[],
  brandId: number | null = null,
): NewEvent[] => {
  // One object for every event of the command: the store may then write it out once (bulk appends).
  const stamped = {
    actorId: metadata.actor.id,
    actorEmail: metadata.actor.email,
    brandId,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    commandId: metadata.commandId,
  };
  return events.map((event, index) => ({
    eventId: eventIdOf(metadata.commandId, streamId, index),
    type: event.type,
    data: event.data,
    schemaVersion: currentSchemaVersion(event.type),
    metadata: stamped,
  }));
};

/**
 * Load → decide → append. Without a caller-supplied version a conflict is retried a few times against the
 * fresh state; with one (If-Match) a mismatch is the caller's to resolve, so it fails at once.
 */
export const handleCommand = async <S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  options: { expectedVersion?: bigint; brandId?: number | null } = {},
): Promise<CommandResult<E>> => {
  for (let attempt = 1; ; attempt++) {
    // A command that starts its stream decides first as if the stream were new: the append at 'no_stream' proves
    // it (or fails, and the next attempt reads the stream), so the common case costs no read (decision 1550).
    const assumeNew = attempt === 1 && options.expectedVersion === undefined && decider.startsStream?.(command);
    const { state, version } = assumeNew
      ? { state: decider.initialState, version: 0n }
      : await store.aggregate(
          streamId,
          (s: S, recorded) => decider.evolve(s, parseDomainEvent(recorded) as E),
          decider.initialState,
        );
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw concurrencyConflict();
    }
    // What the assumed state decides counts only once the append proves the stream new: a refusal, or nothing to
    // do, is decided again on the stream as it is.
    let events: E[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (assumeNew) continue;
      throw error;
    }
    if (events.length === 0) {
      if (assumeNew) continue;
      return { events, position: null, version };
    }
    try {
      const result = await store.append(streamId, toNewEvents(command.metadata, streamId, events, options.brandId), {
        expected: version === 0n ? 'no_stream' : version,
      });
      // Nothing written: these ids were stored by an earlier send of the command, decided on what the stream held
      // then; only a read tells what that was.
      if (assumeNew && result.appended === 0) continue;
      return { events, position: result.lastPosition, version: result.nextExpectedVersion };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (options.expectedVersion !== undefined || attempt >= maxAttempts) throw concurrencyConflict();
      if (!assumeNew) await sleep(Math.random() * 5 * attempt);
    }
  }
};

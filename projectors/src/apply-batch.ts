import { inTransaction, type LogPosition, type RecordedEvent } from '@dm/event-store';
import { parseDomainEvent } from '@dm/events';
import type pg from 'pg';
import { CheckpointMovedError, projectionCheckpointName, storeCheckpoint } from './checkpoints';
import type { ProjectedEvent, Projection } from './define-projection';

type AnyHandler = (event: ProjectedEvent, tx: pg.PoolClient) => Promise<void>;
type AnyBulkHandler = (events: readonly ProjectedEvent[], tx: pg.PoolClient) => Promise<void>;

/** A handler failed on this event (for a bulk handler: the first of its run); nothing of the batch was stored. */
export class ProjectionHandlerError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    cause: unknown,
  ) {
    super(`Projection ${projection} failed on ${event.type} at position ${event.globalPosition}`, { cause });
    this.name = 'ProjectionHandlerError';
  }
}

const own = <T>(handlers: Readonly<Record<string, unknown>> | undefined, type: string): T | undefined =>
  handlers && Object.hasOwn(handlers, type) ? (handlers[type] as T) : undefined;

// Onto the fresh parse result: spreading zod's output into a new object cost five times the parse itself.
const toProjected = (event: RecordedEvent): ProjectedEvent =>
  Object.assign(parseDomainEvent(event), {
    position: event.globalPosition,
    txId: event.txId,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    metadata: event.metadata,
    createdAt: event.createdAt,
  });

/** Calls the handlers for the batch in log order: per event, or per run of one type for bulk handlers. */
const handle = async (projection: Projection, events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<number> => {
  let handled = 0;
  for (let i = 0; i < events.length;) {
    const first = events[i]!;
    const bulk = own<AnyBulkHandler>(projection.handlesMany, first.type);
    const single = bulk ? undefined : own<AnyHandler>(projection.handles, first.type);
    let end = i + 1;
    if (bulk) while (end < events.length && events[end]!.type === first.type) end += 1;
    if (bulk || single) {
      try {
        const run = events.slice(i, end).map(toProjected);
        await (bulk ? bulk(run, tx) : single!(run[0]!, tx));
      } catch (error) {
        throw new ProjectionHandlerError(projection.name, first, error);
      }
      handled += end - i;
    }
    i = end;
  }
  return handled;
};

/**
 * Applies one batch in one transaction: the handled events in log order (upcast by the store, then parsed),
 * then the checkpoint, moved past every event of the batch including those this projection does not handle.
 */
export const applyBatch = async (
  pool: pg.Pool,
  projection: Projection,
  from: LogPosition,
  events: readonly RecordedEvent[],
): Promise<{ at: LogPosition; handled: number }> => {
  const last = events.at(-1);
  if (!last) return { at: from, handled: 0 };
  return inTransaction(pool, async (client) => {
    const handled = await handle(projection, events, client);
    const at = { txId: last.txId, position: last.globalPosition };
    const name = projectionCheckpointName(projection.name);
    if (!(await storeCheckpoint(client, name, projection.version, from, at))) throw new CheckpointMovedError(name);
    return { at, handled };
  });
};

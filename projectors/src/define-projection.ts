import type { DomainEvent, DomainEventType } from '@dm/events';
import type pg from 'pg';

/** What a handler knows about the event beyond its data. */
export interface EventContext {
  readonly position: bigint;
  /** The appending transaction: the log is ordered by it first, then by position. */
  readonly txId: bigint;
  readonly streamId: string;
  readonly streamVersion: bigint;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}

export type ProjectedEvent<T extends DomainEventType = DomainEventType> = Extract<DomainEvent, { type: T }> &
  EventContext;

export type Handlers = {
  readonly [T in DomainEventType]?: (event: ProjectedEvent<T>, tx: pg.PoolClient) => Promise<void>;
};

/**
 * Optional bulk handlers: the runner hands each run of consecutive events of one type to a single call, in log
 * order, so a projection can write a whole run with one statement (`INSERT … SELECT FROM unnest(…)`). The
 * handler must apply the run in order (two events for one key: the later wins). Per-event `handles` entries
 * for the same type are then unused.
 */
export type BulkHandlers = {
  readonly [T in DomainEventType]?: (events: readonly ProjectedEvent<T>[], tx: pg.PoolClient) => Promise<void>;
};

/**
 * A projection builds `rm.*` rows from events. Handlers run inside the batch's transaction, which also
 * stores the checkpoint; they must be idempotent (ON CONFLICT …) since a batch can be retried.
 * Bumping `version` rebuilds: the runner truncates `tables` and replays from the start of the log.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly tables: readonly string[];
  readonly handles: Handlers;
  readonly handlesMany?: BulkHandlers;
}

export const defineProjection = (projection: Projection): Projection => projection;

import { chainUpcasters, createPostgresEventStore, type EventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import type pg from 'pg';

/** The event store as projectors read it: with the domain's upcasters, so handlers see current schemas. */
export const createEventStore = (pool: pg.Pool, connectionString?: string): EventStore =>
  createPostgresEventStore({ pool, connectionString, upcast: chainUpcasters(upcasters) });

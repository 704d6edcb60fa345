export * from './types';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
export { eventsChannel } from './wake-up';
export { chainUpcasters, upcasterKey, type DataUpcaster } from './upcast';
export { projectionCheckpointName, projectionsCaughtUpTo, type ProjectionRef } from './caught-up';
export { inTransaction } from './transaction';
export { createdMsColumn, eventColumns, recordedEventOf, type EventRow } from './event-rows';

export * from './types';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
export { eventsChannel } from './wake-up';

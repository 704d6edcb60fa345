import type { RecordedEvent, Upcast } from './types';

/** Turns stored data of one schema version into the next version's shape. */
export type DataUpcaster = (data: unknown) => unknown;

/** Key of an upcaster in the map: the event type and the schema version it upgrades from. */
export const upcasterKey = (type: string, fromVersion: number): string => `${type}@${fromVersion}`;

/**
 * Builds the store's `upcast` option from a map keyed `${type}@${fromVersion}` (the shape of `upcasters` in
 * `@dm/events`): applies `v1 → v2 → … ` for as long as the map has a next step, and stamps the event with the
 * version it ends at. Stored events are never rewritten; this runs on every read.
 */
export const chainUpcasters = (upcasters: ReadonlyMap<string, DataUpcaster>): Upcast => {
  if (upcasters.size === 0) return (event) => event;
  return (event: RecordedEvent): RecordedEvent => {
    let { data, schemaVersion } = event;
    for (let step = upcasters.get(upcasterKey(event.type, schemaVersion)); step;) {
      data = step(data);
      schemaVersion += 1;
      step = upcasters.get(upcasterKey(event.type, schemaVersion));
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
  };
};

import type { FieldChange } from '@dm/events/http';

export interface ChangeSource {
  readonly streamId: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Fields that name what the event is about rather than describe it, and business times (shown as "when"). */
const identity = new Set(['discountId', 'storeId', 'codeId', 'syncId', 'importId', 'userId', 'chunkKey', 'brandId']);
const isDescriptive = (field: string) => !identity.has(field) && !field.endsWith('At');

/** Per store when the event names one: a deployment to store 3 is compared with store 3's earlier events. */
const scopeOf = (event: ChangeSource) => `${event.streamId}|${JSON.stringify(event.data.storeId ?? null)}`;

/**
 * What each event changed, field by field: its data against what the earlier events of the same stream (and
 * store) had said (decision 1232). A field never said before reads as old null.
 */
export const fieldChanges = (events: readonly ChangeSource[]): FieldChange[][] => {
  const said = new Map<string, Record<string, unknown>>();
  return events.map((event) => {
    const scope = scopeOf(event);
    const before = said.get(scope) ?? {};
    const changes = Object.entries(event.data)
      .filter(([field, value]) => isDescriptive(field) && JSON.stringify(before[field]) !== JSON.stringify(value))
      .map(([field, value]) => ({ field, old: before[field] ?? null, new: value }));
    said.set(scope, { ...before, ...event.data });
    return changes;
  });
};

const maxItems = 20;

/** Long lists (thousands of codes) cut for the screen: the first items, then how many more. */
export const cutLists = (value: unknown): unknown => {
  if (Array.isArray(value))
    return value.length > maxItems
      ? [...value.slice(0, maxItems).map(cutLists), `… ${value.length - maxItems} more`]
      : value.map(cutLists);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutLists(v)]));
  return value;
};

/** What the audit index records about one event (decision 1230). */
export interface AuditFacts {
  readonly entityKind: string;
  readonly subjects: readonly string[];
  /** The event's own brands; null when it names none and inherits them from its stream or store. */
  readonly brandIds: readonly number[] | null;
  /** Where a later event without brands looks for them (first match wins). */
  readonly inheritFrom: readonly string[];
  /** The keys that learn this event's brands. */
  readonly teaches: readonly string[];
}

export interface AuditedEvent {
  readonly type: string;
  readonly streamId: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** Streams that hold many entities (or brands) at once: their stream id says nothing about a brand. */
const sharedStreams = new Set(['locations', 'brands']);

const streamKinds: Readonly<Record<string, string>> = {
  discount: 'discount',
  'discount-codes': 'code',
  'codes-import': 'code',
  'code-reservation': 'code',
  'code-sync': 'store',
  'user-access': 'user',
  'access-refusals': 'user',
  'catalog-import': 'catalog',
  'store-catalog': 'catalog',
  'brand-catalog': 'catalog',
  brands: 'brand',
};

const locationKindOf = (type: string) =>
  type.startsWith('Region') ? 'region' : type.startsWith('Country') ? 'country' : 'store';

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value.length > 0);

const ownBrands = (event: AuditedEvent): number[] | null => {
  const fromMetadata = event.metadata.brandId;
  if (typeof fromMetadata === 'number') return [fromMetadata];
  const list = field(event.data, 'brandIds');
  if (Array.isArray(list) && list.every((b) => typeof b === 'number')) return list;
  const one = field(event.data, 'brandId');
  return typeof one === 'number' ? [one] : null;
};

const subjectsOf = (event: AuditedEvent, prefix: string, kind: string): string[] => {
  const { data, streamId } = event;
  const subjects: string[] = [];
  const add = (name: string, id: unknown) => {
    if (isId(id)) subjects.push(`${name}:${id}`);
  };
  if (prefix === 'discount' || prefix === 'discount-codes' || prefix === 'codes-import')
    add('discount', field(data, 'discountId'));
  add('code', field(data, 'codeId'));
  if (kind === 'store' || prefix === 'store-catalog') add('store', field(data, 'storeId'));
  if (kind === 'region') add('region', field(data, 'regionId'));
  if (kind === 'country') add('country', field(data, 'countryId'));
  if (kind === 'user') add('user', streamId.slice(prefix.length + 1));
  return subjects;
};

/** A pure reading of the event: no lookups, so a rebuild gives the same rows. */
export const auditFactsOf = (event: AuditedEvent): AuditFacts => {
  const prefix = event.streamId.split(':', 1)[0]!;
  const kind = prefix === 'locations' ? locationKindOf(event.type) : (streamKinds[prefix] ?? prefix);
  const storeId = field(event.data, 'storeId');
  const storeKey = isId(storeId) ? `store:${storeId}` : null;
  const streamKey = sharedStreams.has(prefix) ? null : `stream:${event.streamId}`;
  const keys = (...all: (string | null)[]) => all.filter((k): k is string => k !== null);
  return {
    entityKind: kind,
    subjects: subjectsOf(event, prefix, kind),
    brandIds: ownBrands(event),
    inheritFrom: keys(streamKey, storeKey),
    teaches: keys(streamKey, event.type === 'StoreCreated' ? storeKey : null),
  };
};

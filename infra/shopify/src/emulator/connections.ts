import { GraphQLError } from 'graphql';
import { bool, int, str, type Args } from './graphql/context';

export interface PageInfo {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
  readonly endCursor: string | null;
}

export interface Connection<T> {
  readonly edges: readonly { readonly cursor: string; readonly node: T }[];
  readonly nodes: readonly T[];
  readonly pageInfo: PageInfo;
}

/** Sort position of an item: its sort value, ties broken by id. */
export interface SortKey {
  readonly id: number;
  readonly value: string | number;
}

export const maxPageSize = 250;

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

/** Shopify's opaque cursor: base64 of `{"last_id":…,"last_value":"…"}` (reference §1). */
export const encodeCursor = (key: SortKey): string =>
  Buffer.from(JSON.stringify({ last_id: key.id, last_value: String(key.value) })).toString('base64');

export const decodeCursor = (cursor: string): SortKey => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    const record = parsed as { last_id?: unknown; last_value?: unknown };
    if (typeof record.last_id === 'number' && typeof record.last_value === 'string') {
      return { id: record.last_id, value: record.last_value };
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('Invalid cursor.');
};

export interface PageRequest {
  readonly first: number | null;
  readonly last: number | null;
  readonly after: string | null;
  readonly before: string | null;
  readonly reverse: boolean;
}

/** Reads and checks `first`/`last` (reference §3.3): one of them, at most 250; bulk queries need neither. */
export const pageRequest = (args: Args, bulk: boolean): PageRequest => {
  const request = {
    first: int(args, 'first'),
    last: int(args, 'last'),
    after: str(args, 'after'),
    before: str(args, 'before'),
    reverse: bool(args, 'reverse'),
  };
  if (bulk) return request;
  if (request.first === null && request.last === null) throw badRequest('you must provide one of first or last');
  if (request.first !== null && request.last !== null)
    throw badRequest('providing both first and last is not supported');
  const size = request.first ?? request.last ?? 0;
  if (size > maxPageSize || size < 0) {
    throw badRequest(`The page size of ${size} is outside the allowed range of 0 to ${maxPageSize}.`);
  }
  return request;
};

const compareKeys = (a: SortKey, b: SortKey): number => {
  const av = typeof a.value === 'number' ? a.value : String(a.value);
  const bv = typeof b.value === 'number' ? b.value : String(b.value);
  const byValue = typeof av === 'number' && typeof bv === 'number' ? av - bv : String(av).localeCompare(String(bv));
  return byValue !== 0 ? byValue : a.id - b.id;
};

/** Sorts ascending by key; callers pass `reverse` through `paginate`. */
export const sortByKey = <T>(items: Iterable<T>, key: (item: T) => SortKey): T[] =>
  [...items].sort((a, b) => compareKeys(key(a), key(b)));

export const paginate = <T>(sorted: readonly T[], request: PageRequest, key: (item: T) => SortKey): Connection<T> => {
  const direction = request.reverse ? -1 : 1;
  const ordered = request.reverse ? [...sorted].reverse() : sorted;
  let start = 0;
  let end = ordered.length;
  if (request.after) {
    const cursor = decodeCursor(request.after);
    const index = ordered.findIndex((item) => direction * compareKeys(key(item), cursor) > 0);
    start = index < 0 ? ordered.length : index;
  }
  if (request.before) {
    const cursor = decodeCursor(request.before);
    const index = ordered.findIndex((item) => direction * compareKeys(key(item), cursor) >= 0);
    end = index < 0 ? ordered.length : Math.max(start, index);
  }
  const window = ordered.slice(start, end);
  let page = window;
  let hasNextPage = end < ordered.length;
  let hasPreviousPage = start > 0;
  if (request.first !== null) {
    page = window.slice(0, request.first);
    hasNextPage = window.length > request.first || end < ordered.length;
  } else if (request.last !== null) {
    page = window.slice(Math.max(0, window.length - request.last));
    hasPreviousPage = window.length > request.last || start > 0;
  }
  return toConnection(page, hasNextPage, hasPreviousPage, (item) => encodeCursor(key(item)));
};

/**
 * An edge whose cursor is encoded only when read: a bulk export pages through a million codes and selects
 * no edge cursor, so encoding one per code (JSON + base64) was a tenth of the export's time.
 */
export class LazyEdge<T, S = T> {
  constructor(
    readonly node: T,
    private readonly source: S,
    private readonly cursorOf: (source: S) => string,
  ) {}

  get cursor(): string {
    return this.cursorOf(this.source);
  }
}

export const toConnection = <T>(
  page: readonly T[],
  hasNextPage: boolean,
  hasPreviousPage: boolean,
  cursorOf: (item: T) => string,
): Connection<T> => {
  const edges = page.map((node) => new LazyEdge(node, node, cursorOf));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
};

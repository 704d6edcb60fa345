import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';
import { brokenEscapeMessage } from './framework-errors';

/**
 * PostgreSQL stores neither NUL in text (`invalid byte sequence for encoding "UTF8": 0x00`) nor a lone UTF-16
 * surrogate in jsonb (`\ud800` is refused as an escape); in text a lone surrogate would silently become U+FFFD.
 */
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string) => !unstorable.test(text);

interface Visit {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Visit | null;
}

/** Where the text sits, for the message; the offending characters themselves are shown as U+FFFD. */
const pathOf = (visit: Visit) => {
  const parts: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) {
    parts.unshift(typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`);
  }
  return parts.join('').replace(/^\./, '').replace(new RegExp(unstorable.source, 'g'), '\ufffd');
};

const isContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

/** An item of `parent`: the path to it when it cannot be stored; a container is queued to be looked into. */
const visitItem = (pending: Visit[], parent: Visit, item: unknown, key: string | number): string | null => {
  const unstorable = typeof item === 'string' ? !isStorableText(item) : false;
  if (unstorable || (typeof key === 'string' && !isStorableText(key))) return pathOf({ value: item, key, parent });
  if (isContainer(item)) pending.push({ value: item, key, parent });
  return null;
};

/**
 * The path of the first string (or object key) in a parsed input that cannot be stored, '' for the input
 * itself, or null when all is storable. Iterative: a body may nest 10,000 levels deep. Only containers are
 * queued; strings are tested where they are found, so a long array costs no allocation per item.
 */
export const findUnstorableText = (input: unknown): string | null => {
  if (typeof input === 'string') return isStorableText(input) ? null : '';
  if (!isContainer(input)) return null;
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  for (let parent = pending.pop(); parent; parent = pending.pop()) {
    const { value } = parent;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const found = visitItem(pending, parent, value[index], index);
        if (found !== null) return found;
      }
    } else {
      for (const key of Object.keys(value as object)) {
        const found = visitItem(pending, parent, (value as Record<string, unknown>)[key], key);
        if (found !== null) return found;
      }
    }
  }
  return null;
};

const decodable = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

const refusal = (where: string) =>
  new HttpError(
    400,
    `${where} contains a character that cannot be stored (a NUL character or half of a surrogate pair). Remove it and try again.`,
  );

/**
 * Every route, every service: a path parameter, query parameter or body string that PostgreSQL cannot store is
 * refused with 400 before validation, instead of failing as a 500 deep in a query (decision 0412).
 */
export const storableText = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // The query parser keeps an undecodable escape ('%ff', a lone '%') as it is; refuse it as the router does a path.
    const search = request.url.indexOf('?');
    if (search >= 0 && !decodable(request.url.slice(search + 1))) throw new HttpError(400, brokenEscapeMessage);
    if (findUnstorableText(request.params) !== null) throw refusal('The address');
    const inQuery = findUnstorableText(request.query);
    if (inQuery !== null) throw refusal(`The query parameter "${inQuery}"`);
    const inBody = findUnstorableText(request.body);
    if (inBody !== null) throw refusal(inBody === '' ? 'The request body' : `The field "${inBody}"`);
  });
});

import type { Readable } from 'node:stream';
import { bodyLimitBytes } from '@dm/server-kit';
import fc from 'fast-check';
import type { RouteUnderTest } from './fuzz-routes';
import {
  jsonBytes,
  refusedBy,
  wrongShape,
  withUnstorableText,
  paddedJson,
  inChunks,
  nonJsonTypes,
  anyContentType,
  brokenJson,
  deeplyNested,
} from './fuzz-bodies';
import { forgedSession, refusedHeaders } from './fuzz-headers';
import { overLimitBytes, anyText, addressOf, unstorableQuery } from './fuzz-text';

/**
 * Generated requests that a correct stack must refuse (decision 0414). Each carries at least one defect that
 * is refused whatever the rest holds: a body the route's own schema refuses, text PostgreSQL cannot store, a
 * body over the limit or not JSON, broken JSON, a missing or forged session, a cross-site origin, a bad
 * If-Match, a malformed or unknown id. The stack's own ids are never used, so nothing can be changed.
 */
export interface BadRequest {
  readonly kind: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Built when sent: bodies go up to 5 MB. */
  readonly body?: () => Buffer | Readable;
}

export interface Caller {
  readonly origin: string;
  readonly cookie: string;
}

// ---- The generators -------------------------------------------------------------------------------------

type Template = Omit<BadRequest, 'method'>;

const sendsBody = (route: RouteUnderTest) => route.changesState;
/** With no schema and no id, a route might take any body (a route a later issue adds): no shape is bad by itself. */
const shapeCanBeBad = (route: RouteUnderTest) => route.body !== undefined || Object.keys(route.params).length > 0;

export const badRequests = (route: RouteUnderTest, caller: Caller): fc.Arbitrary<BadRequest> => {
  const base: Record<string, string> = {
    ...(route.isPublic ? {} : { cookie: caller.cookie }),
    ...(route.changesState ? { origin: caller.origin } : {}),
  };
  const json: Record<string, string> = { ...base, 'content-type': 'application/json' };
  const address = addressOf(route);
  const anyAddress = fc.oneof(address, addressOf(route, true));
  const validBody = jsonBytes(route.body?.valid ?? {});
  const kinds: { weight: number; arbitrary: fc.Arbitrary<Template> }[] = [];
  const kind = (weight: number, arbitrary: fc.Arbitrary<Template>) => kinds.push({ weight, arbitrary });

  // Defects of the address and of the text, on every route.
  kind(
    3,
    unstorableQuery.chain((query) =>
      address.map((path) => ({
        kind: 'unstorable query',
        path: `${path}${query}`,
        headers: route.changesState ? json : base,
        ...(route.changesState ? { body: validBody } : {}),
      })),
    ),
  );
  kind(
    1,
    fc
      .tuple(address, fc.constantFrom('%00', 'a%00b', '%00.json'))
      .map(([path, bad]) => ({ kind: 'unstorable path', path: `${path}/${bad}`, headers: base })),
  );
  kind(
    1,
    fc.tuple(address, fc.integer({ min: 17 * 1024, max: 64 * 1024 })).map(([path, size]) => ({
      kind: 'headers over 16 KB',
      path,
      headers: { ...base, 'x-padding': 'p'.repeat(size) },
    })),
  );
  kind(
    1,
    fc.tuple(address, overLimitBytes).map(([path, bytes]) => ({
      kind: 'declared body over the limit',
      path,
      headers: json,
      body: paddedJson(route.body?.valid ?? {}, 'padding', bytes),
    })),
  );
  if (Object.keys(route.params).length > 0) {
    kind(
      4,
      addressOf(route, true).map((path) => ({
        kind: 'malformed id',
        path,
        headers: sendsBody(route) ? json : base,
        ...(sendsBody(route) ? { body: validBody } : {}),
      })),
    );
    kind(
      2,
      address.map((path) => ({
        kind: 'unknown id',
        path,
        headers: sendsBody(route) ? json : base,
        ...(sendsBody(route) ? { body: validBody } : {}),
      })),
    );
  }
  if (!route.isPublic) {
    kind(
      2,
      fc.tuple(address, forgedSession).map(([path, cookie]) => ({
        kind: 'no valid session',
        path,
        headers: {
          ...(route.changesState ? { origin: caller.origin, 'content-type': 'application/json' } : {}),
          ...cookie,
        },
        ...(route.changesState ? { body: validBody } : {}),
      })),
    );
  }
  if (route.query) {
    const { schema, valid } = route.query;
    const badQuery = fc
      .dictionary(fc.constantFrom('brandId', ...Object.keys(valid)), anyText, { minKeys: 0, maxKeys: 2 })
      .filter((query) => !schema.safeParse(query).success);
    kind(
      3,
      badQuery.map((query) => ({
        kind: 'query the route refuses',
        path: `${route.pattern}?${new URLSearchParams(query).toString()}`,
        headers: base,
      })),
    );
    kind(
      1,
      fc.integer({ min: 100_000_000, max: 999_999_999 }).map((brandId) => ({
        kind: "brand not the caller's",
        path: `${route.pattern}?brandId=${brandId}`,
        headers: base,
      })),
    );
  }

  if (route.changesState) {
    // Bodies: every content type, shapes, sizes, depth, broken JSON, text that cannot be stored.
    const bodyAddress = shapeCanBeBad(route) ? anyAddress : address;
    kind(
      2,
      fc
        .tuple(bodyAddress, withUnstorableText(route))
        .map(([path, value]) => ({ kind: 'unstorable body text', path, headers: json, body: jsonBytes(value) })),
    );
    kind(
      2,
      fc.tuple(address, fc.constantFrom(...nonJsonTypes, null)).map(([path, type]) => ({
        kind: 'body not JSON',
        path,
        headers: type === null ? base : { ...base, 'content-type': type },
        body: validBody,
      })),
    );
    kind(
      1,
      fc
        .tuple(address, overLimitBytes, fc.constantFrom(...nonJsonTypes, 'application/json'))
        .map(([path, bytes, type]) => ({
          kind: 'chunked body over the limit',
          path,
          headers: { ...base, 'content-type': type },
          body: inChunks(paddedJson(route.body?.valid ?? {}, 'padding', bytes)),
        })),
    );
    const broken = brokenJson(validBody);
    kind(
      2,
      fc
        .tuple(address, broken)
        .map(([path, text]) => ({ kind: 'broken JSON', path, headers: json, body: () => Buffer.from(text) })),
    );
    if (shapeCanBeBad(route)) {
      kind(
        4,
        fc
          .tuple(bodyAddress, wrongShape(route))
          .map(([path, value]) => ({ kind: 'wrong type or shape', path, headers: json, body: jsonBytes(value) })),
      );
      kind(
        1,
        fc.tuple(address, wrongShape(route), anyContentType).map(([path, value, type]) => ({
          kind: 'near-JSON or any content type',
          path,
          headers: { ...base, 'content-type': type },
          body: jsonBytes(value),
        })),
      );
      kind(
        2,
        fc
          .tuple(bodyAddress, deeplyNested(route))
          .map(([path, text]) => ({ kind: 'deeply nested body', path, headers: json, body: () => Buffer.from(text) })),
      );
      const underLimit = fc.integer({ min: 64 * 1024, max: bodyLimitBytes });
      if (refusedBy(route, { ...route.body?.valid, padding: 'a' }))
        kind(
          1,
          fc.tuple(bodyAddress, underLimit).map(([path, bytes]) => ({
            kind: 'large body the route refuses',
            path,
            headers: json,
            body: paddedJson(route.body?.valid ?? {}, 'padding', bytes),
          })),
        );
    }
    // Headers: the body would be accepted, the header is not.
    const badHeaders = refusedHeaders(caller.origin);
    kind(
      3,
      fc.tuple(address, badHeaders).map(([path, headers]) => ({
        kind: 'header the route refuses',
        path,
        headers: Object.fromEntries(
          Object.entries({ ...json, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
        body: validBody,
      })),
    );
  }

  return fc
    .oneof(...kinds.map(({ weight, arbitrary }) => ({ weight, arbitrary })))
    .map((template) => ({ ...template, method: route.method }));
};

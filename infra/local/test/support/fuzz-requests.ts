import { Readable } from 'node:stream';
import { bodyLimitBytes } from '@dm/server-kit';
import fc from 'fast-check';
import type { ParamKind, RouteUnderTest } from './fuzz-routes';

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

const maxBodyBytes = 5 * 1024 * 1024;
/** Over the limit: mostly just over it, where an off-by-one would show, now and then up to 5 MB. */
const overLimitBytes = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: bodyLimitBytes + 64 * 1024 }) },
  { weight: 1, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: maxBodyBytes }) },
);
const maxDepth = 10_000;
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff'];

// ---- Text and addresses ---------------------------------------------------------------------------------

/** Percent-encodes a path segment; a lone surrogate goes out as its (invalid) 3-byte UTF-8 form. */
const encodeSegment = (text: string) =>
  Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');

const anyText = fc.string({ unit: 'binary', maxLength: 40 });
/** Text with a NUL or half a surrogate pair somewhere in it. */
const unstorableText = fc
  .tuple(anyText, fc.constantFrom('\0', ...loneSurrogates), anyText)
  .map(([before, bad, after]) => `${before}${bad}${after}`);

const brokenEncodings = [
  '%00',
  'a%00b',
  '%00%00',
  '%ED%A0%80',
  '%ED%B0%80',
  '%FF',
  '%C0%AF',
  '%E0%A4%A',
  '%',
  '%Z1',
  '%2',
];
const validId: Record<ParamKind, RegExp> = {
  number: /^[1-9]\d{0,8}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  text: /^[^\0]{1,200}$/,
};

/** Ids of the right form that name nothing: far above any id the stack hands out, or random. */
const unknownId: Record<ParamKind, fc.Arbitrary<string>> = {
  number: fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String),
  uuid: fc.uuid(),
  text: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).map((s) => `nobody-${s}`),
};

const malformedId = (kind: ParamKind): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...brokenEncodings),
    unstorableText.map(encodeSegment),
    fc.string({ unit: 'binary', minLength: 201, maxLength: 1000 }).map(encodeSegment),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x1F',
      '+1',
      '%201',
      '%EF%BC%91%EF%BC%92',
      'null',
      '[]',
      '9'.repeat(30),
      '..',
      '%2F',
    ),
    anyText.filter((text) => text !== '' && !validId[kind].test(text)).map(encodeSegment),
  );

const pathWith = (route: RouteUnderTest, values: Readonly<Record<string, string>>) =>
  route.pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (values[segment.slice(1)] ?? '') : segment))
    .join('/');

/** Every parameter of the right form but unknown; with `malformed`, one of them broken. */
const addressOf = (route: RouteUnderTest, malformed = false) => {
  const names = Object.keys(route.params);
  if (names.length === 0) return fc.constant(route.pattern);
  const unknown = fc.record(Object.fromEntries(names.map((name) => [name, unknownId[route.params[name]!]])));
  if (!malformed) return unknown.map((values) => pathWith(route, values));
  return fc
    .tuple(unknown, fc.constantFrom(...names))
    .chain(([values, broken]) =>
      malformedId(route.params[broken]!).map((bad) => pathWith(route, { ...values, [broken]: bad })),
    );
};

/** A query whose key or value holds a NUL (a lone surrogate cannot travel in a URL as text). */
const unstorableQuery = fc
  .tuple(anyText, anyText, fc.boolean())
  .map(([key, value, inKey]) =>
    inKey ? `?${encodeURIComponent(key)}%00=${encodeURIComponent(value)}` : `?q=${encodeURIComponent(value)}%00`,
  );

// ---- Bodies ---------------------------------------------------------------------------------------------

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
const jsonBytes = (value: unknown) => () => Buffer.from(JSON.stringify(value) ?? 'null');

const refusedBy = (route: RouteUnderTest, value: unknown) => !route.body || !route.body.schema.safeParse(value).success;

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}),
  fc.integer(),
  fc.double(),
  anyText,
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(anyText, fc.jsonValue(), { maxKeys: 5 }),
);

/** Bodies of the wrong type or shape: the route's own schema refuses each one. */
const wrongShape = (route: RouteUnderTest): fc.Arbitrary<unknown> => {
  const valid = route.body?.valid ?? {};
  const keys = Object.keys(valid);
  const mutations: fc.Arbitrary<unknown>[] = [wrongValue, fc.jsonValue()];
  if (keys.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...keys), wrongValue).map(([key, value]) => ({ ...valid, [key]: value })),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    );
  }
  mutations.push(
    fc
      .tuple(
        anyText.filter((k) => !(k in valid)),
        fc.jsonValue(),
      )
      .map(([key, value]) => ({ ...valid, [key]: value })),
  );
  return fc
    .oneof(...mutations)
    .map(asJson)
    .filter((value) => refusedBy(route, value));
};

/** A storable-looking body with NUL or half a surrogate pair in one string or key, at some depth. */
const withUnstorableText = (route: RouteUnderTest): fc.Arbitrary<unknown> => {
  const valid = route.body?.valid ?? { note: 'x' };
  const textKeys = Object.keys(valid).filter((key) => typeof valid[key] === 'string');
  return fc.oneof(
    ...(textKeys.length > 0
      ? [
          fc
            .tuple(fc.constantFrom(...textKeys), unstorableText)
            .map(([key, text]) => ({ ...valid, [key]: `${String(valid[key])}${text}` })),
        ]
      : []),
    unstorableText.map((key) => ({ ...valid, [key]: 1 })),
    fc.tuple(fc.integer({ min: 1, max: 50 }), unstorableText).map(([depth, text]) => {
      let nested: unknown = text;
      for (let i = 0; i < depth; i++) nested = i % 2 ? [nested] : { n: nested };
      return { ...valid, nested };
    }),
  );
};

/** Valid text with the value of `key` padded out to `bytes`, built only when sent. */
const paddedJson = (valid: Readonly<Record<string, unknown>>, key: string, bytes: number) => () => {
  const [head = '', tail = ''] = JSON.stringify({ ...valid, [key]: '\u0001' }).split('\\u0001');
  const fill = Math.max(0, bytes - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(fill, 'a'), Buffer.from(tail)]);
};

const inChunks = (build: () => Buffer) => () => {
  const whole = build();
  const size = 256 * 1024;
  return Readable.from(
    Array.from({ length: Math.ceil(whole.length / size) }, (_, i) => whole.subarray(i * size, (i + 1) * size)),
  );
};

const nested = (depth: number, asArray: boolean) =>
  asArray ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"d":'.repeat(depth)}0${'}'.repeat(depth)}`;

const nonJsonTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/xml',
  'text/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/javascript',
  'image/png',
  'application/x-ndjson',
];
/** Types near JSON that a server might or might not parse as JSON: sent only with bodies refused either way. */
const nearJsonTypes = [
  'application/json-patch+json',
  'application/vnd.api+json',
  'text/json',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  '*/*',
  'json',
  ';',
  'application/',
];

/** The near-JSON types, and any printable text at all in the header. */
const anyContentType = fc.oneof(
  fc.constantFrom(...nearJsonTypes),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((type) => /^[\x20-\x7e]*$/.test(type)),
);

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
    const forged = fc.oneof(
      fc.constant({}),
      fc.base64String({ minLength: 4, maxLength: 64 }).map((token) => ({ cookie: `dm_session=${token}` })),
      fc
        .string({ unit: 'binary-ascii', maxLength: 200 })
        .filter((v) => /^[\x20-\x7e]*$/.test(v))
        .map((cookie) => ({ cookie })),
    );
    kind(
      2,
      fc.tuple(address, forged).map(([path, cookie]) => ({
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
    const broken = fc
      .oneof(
        fc.constantFrom(
          '',
          ' ',
          '{',
          '}',
          '[',
          '{"a":',
          "{'a':1}",
          '{"a":1,}',
          '{a:1}',
          'NaN',
          '{"a":NaN}',
          '/* c */ {}',
          '{"a":"\u0001"}',
          '\uFEFF{',
          '{"a":1}}',
          'undefined',
        ),
        fc.integer({ min: 0, max: 1000 }).map((cut) => {
          const text = validBody().toString();
          return text.slice(0, cut % Math.max(1, text.length));
        }),
        anyText.map((garbage) => `${validBody().toString()}${garbage}x`),
        fc.constantFrom('{"__proto__":{"admin":true}', '{"constructor":{"prototype":{"admin":true}}').map((start) => {
          const rest = validBody().toString().slice(1);
          return `${start}${rest === '}' ? '' : ','}${rest}`;
        }),
      )
      .filter((text) => text.includes('__proto__') || text.includes('constructor') || !parses(text));
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
      const deep = fc
        .tuple(
          fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 64, max: maxDepth })),
          fc.boolean(),
          fc.constantFrom(null, ...Object.keys(route.body?.valid ?? {})),
        )
        .map(([depth, asArray, key]) => {
          const inner = nested(depth, asArray);
          return key === null
            ? inner
            : JSON.stringify({ ...route.body?.valid, [key]: 0 }).replace(`"${key}":0`, `"${key}":${inner}`);
        })
        .filter((text) => refusedBy(route, JSON.parse(text)));
      kind(
        2,
        fc
          .tuple(bodyAddress, deep)
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
    const badHeaders = fc.oneof(
      fc.constant({ origin: undefined }),
      fc
        .webUrl()
        .map((url) => new URL(url).origin)
        .filter((origin) => origin !== caller.origin)
        .map((origin) => ({ origin })),
      fc
        .constantFrom('null', 'http://localhost', caller.origin.replace('localhost', '127.0.0.1'))
        .map((origin) => ({ origin })),
      fc.constantFrom('cross-site', 'same-site', 'none').map((site) => ({ origin: undefined, 'sec-fetch-site': site })),
      fc
        .string({ unit: 'binary-ascii', maxLength: 30 })
        .filter((v) => /^[\x20-\x7e]*$/.test(v) && !/^(?:W\/)?"?(\d{1,18})"?$/.test(v.trim()))
        .map((ifMatch) => ({ 'if-match': ifMatch })),
      fc.integer({ min: 201, max: 2000 }).map((length) => ({ 'idempotency-key': 'k'.repeat(length) })),
    );
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

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { RouteUnderTest } from './fuzz-routes';
import { anyText, maxDepth, unstorableText } from './fuzz-text';

// ---- Bodies ---------------------------------------------------------------------------------------------

export const asJson = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
export const jsonBytes = (value: unknown) => () => Buffer.from(JSON.stringify(value) ?? 'null');

export const refusedBy = (route: RouteUnderTest, value: unknown) =>
  !route.body || !route.body.schema.safeParse(value).success;

export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}),
  fc.integer(),
  fc.double(),
  anyText,
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(anyText, fc.jsonValue(), { maxKeys: 5 }),
);

/** Bodies of the wrong type or shape: the route's own schema refuses each one. */
export const wrongShape = (route: RouteUnderTest): fc.Arbitrary<unknown> => {
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
export const withUnstorableText = (route: RouteUnderTest): fc.Arbitrary<unknown> => {
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
export const paddedJson = (valid: Readonly<Record<string, unknown>>, key: string, bytes: number) => () => {
  const [head = '', tail = ''] = JSON.stringify({ ...valid, [key]: '\u0001' }).split('\\u0001');
  const fill = Math.max(0, bytes - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(fill, 'a'), Buffer.from(tail)]);
};

export const inChunks = (build: () => Buffer) => () => {
  const whole = build();
  const size = 256 * 1024;
  return Readable.from(
    Array.from({ length: Math.ceil(whole.length / size) }, (_, i) => whole.subarray(i * size, (i + 1) * size)),
  );
};

export const nested = (depth: number, asArray: boolean) =>
  asArray ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"d":'.repeat(depth)}0${'}'.repeat(depth)}`;

export const nonJsonTypes = [
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
export const nearJsonTypes = [
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
export const anyContentType = fc.oneof(
  fc.constantFrom(...nearJsonTypes),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((type) => /^[\x20-\x7e]*$/.test(type)),
);

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Text that is not JSON (or JSON that reaches for a prototype), built around the route's valid body. */
export const brokenJson = (validBody: () => Buffer): fc.Arbitrary<string> =>
  fc
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

/** Arrays or objects nested up to `maxDepth` deep, alone or in one field of the route's valid body, that it refuses. */
export const deeplyNested = (route: RouteUnderTest): fc.Arbitrary<string> =>
  fc
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

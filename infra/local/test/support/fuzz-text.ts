import { bodyLimitBytes } from '@dm/server-kit';
import fc from 'fast-check';
import type { ParamKind, RouteUnderTest } from './fuzz-routes';

/** Text and addresses for the fuzz suite: unstorable text, broken escapes, malformed and unknown ids. */
export const maxBodyBytes = 5 * 1024 * 1024;
/** Over the limit: mostly just over it, where an off-by-one would show, now and then up to 5 MB. */
export const overLimitBytes = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: bodyLimitBytes + 64 * 1024 }) },
  { weight: 1, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: maxBodyBytes }) },
);
export const maxDepth = 10_000;
export const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff'];

// ---- Text and addresses ---------------------------------------------------------------------------------

/** Percent-encodes a path segment; a lone surrogate goes out as its (invalid) 3-byte UTF-8 form. */
export const encodeSegment = (text: string) =>
  Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');

export const anyText = fc.string({ unit: 'binary', maxLength: 40 });
/** Text with a NUL or half a surrogate pair somewhere in it. */
export const unstorableText = fc
  .tuple(anyText, fc.constantFrom('\0', ...loneSurrogates), anyText)
  .map(([before, bad, after]) => `${before}${bad}${after}`);

export const brokenEncodings = [
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
export const validId: Record<ParamKind, RegExp> = {
  number: /^[1-9]\d{0,8}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  text: /^[^\0]{1,200}$/,
};

/** Ids of the right form that name nothing: far above any id the stack hands out, or random. */
export const unknownId: Record<ParamKind, fc.Arbitrary<string>> = {
  number: fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String),
  uuid: fc.uuid(),
  text: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).map((s) => `nobody-${s}`),
};

export const malformedId = (kind: ParamKind): fc.Arbitrary<string> =>
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

export const pathWith = (route: RouteUnderTest, values: Readonly<Record<string, string>>) =>
  route.pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (values[segment.slice(1)] ?? '') : segment))
    .join('/');

/** Every parameter of the right form but unknown; with `malformed`, one of them broken. */
export const addressOf = (route: RouteUnderTest, malformed = false) => {
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

/**
 * A query whose key or value holds a NUL (a lone surrogate cannot travel in a URL as text), or a %-escape that
 * decodes to no text at all (an invalid UTF-8 byte, a lone '%', a cut sequence).
 */
export const unstorableQuery = fc
  .tuple(anyText, anyText, fc.boolean(), fc.constantFrom('%00', '%ff', '%', '%E0%A4%A'))
  .map(([key, value, inKey, bad]) =>
    inKey ? `?${encodeURIComponent(key)}${bad}=${encodeURIComponent(value)}` : `?q=${encodeURIComponent(value)}${bad}`,
  );

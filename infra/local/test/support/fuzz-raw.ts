import { bodyLimitBytes } from '@dm/server-kit';
import fc from 'fast-check';
import type { Caller } from './fuzz-requests';

/**
 * Requests no HTTP client library will send, written byte by byte on one connection and followed at once by a
 * valid request on the same connection (decision 0414): bodies over the limit that keep coming after the
 * answer, and framing the parser must refuse. Each must be answered 4xx `{ message }`; then either the valid
 * request is answered on that connection, or the first answer said `Connection: close`.
 */
export interface RawCase {
  readonly kind: string;
  readonly pieces: readonly Buffer[];
}

export const validRequest = Buffer.from('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');

const head = (lines: readonly string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
const filler = (bytes: number) => {
  const piece = 256 * 1024;
  return Array.from({ length: Math.ceil(bytes / piece) }, (_, i) =>
    Buffer.alloc(Math.min(piece, bytes - i * piece), 'a'),
  );
};
const chunked = (bytes: number) => [
  ...filler(bytes).flatMap((piece) => [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]),
  Buffer.from('0\r\n\r\n'),
];

const overLimit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: bodyLimitBytes + 64 * 1024 }) },
  { weight: 1, arbitrary: fc.integer({ min: bodyLimitBytes + 1, max: 5 * 1024 * 1024 }) },
);

/** A change the gateway refuses if it can read it at all (no Origin: CSRF), so any answer must be 4xx. */
const refusedChange = ['POST /api/regions HTTP/1.1', 'Host: localhost', 'Content-Type: application/json'];
const smallBody = '{"code":"EU","name":"Europe"}';

const framingDefects: readonly (readonly [string, readonly string[], string])[] = [
  ['NUL in a header value', [...refusedChange, 'X-A: a\0b', `Content-Length: ${smallBody.length}`], smallBody],
  ['CR alone in a header value', [...refusedChange, 'X-A: a\rb', `Content-Length: ${smallBody.length}`], smallBody],
  ['a header name with a space', [...refusedChange, 'X A: b', `Content-Length: ${smallBody.length}`], smallBody],
  ['a folded header line', [...refusedChange, 'X-A: a', ' b', `Content-Length: ${smallBody.length}`], smallBody],
  [
    'a length and chunked at once',
    [...refusedChange, `Content-Length: ${smallBody.length}`, 'Transfer-Encoding: chunked'],
    `0\r\n\r\n`,
  ],
  ['two different lengths', [...refusedChange, 'Content-Length: 3', `Content-Length: ${smallBody.length}`], smallBody],
  ['a negative length', [...refusedChange, 'Content-Length: -1'], smallBody],
  ['a length that is not a number', [...refusedChange, 'Content-Length: 1e3'], smallBody],
  ['a chunk size that is not hex', [...refusedChange, 'Transfer-Encoding: chunked'], 'zz\r\nabc\r\n0\r\n\r\n'],
  [
    'a chunk size past 2^64',
    [...refusedChange, 'Transfer-Encoding: chunked'],
    'fffffffffffffffffff\r\nabc\r\n0\r\n\r\n',
  ],
  ['chunked after another coding', [...refusedChange, 'Transfer-Encoding: chunked, gzip'], '0\r\n\r\n'],
  ['a method that is not a token', ['P@ST /api/regions HTTP/1.1', 'Host: localhost', 'Content-Length: 0'], ''],
  ['an HTTP version that does not exist', ['POST /api/regions HTTP/9.9', 'Host: localhost', 'Content-Length: 0'], ''],
  ['a request line with no version', ['POST /api/regions', 'Host: localhost'], ''],
  ['headers over 16 KB', [...refusedChange, `X-Padding: ${'p'.repeat(20_000)}`, 'Content-Length: 0'], ''],
  [
    'a request target over 16 KB',
    [`POST /api/regions?${'q'.repeat(20_000)} HTTP/1.1`, 'Host: localhost', 'Content-Length: 0'],
    '',
  ],
];

export const rawCases = (
  caller: Caller,
  changes: readonly { method: string; pattern: string }[],
): fc.Arbitrary<RawCase> => {
  const signedIn = [`Cookie: ${caller.cookie}`, `Origin: ${caller.origin}`];
  const target = fc
    .constantFrom(...changes)
    .map(({ method, pattern }) => `${method} ${pattern.replace(/:\w+/g, '100000001')} HTTP/1.1`);
  const contentType = fc.constantFrom('application/json', 'text/plain', 'application/octet-stream');
  return fc.oneof(
    fc.tuple(target, contentType, overLimit).map(([line, type, bytes]) => ({
      kind: 'declared body over the limit, the next request behind it',
      pieces: [
        head([line, 'Host: localhost', ...signedIn, `Content-Type: ${type}`, `Content-Length: ${bytes}`]),
        ...filler(bytes),
        validRequest,
      ],
    })),
    fc.tuple(target, contentType, overLimit).map(([line, type, bytes]) => ({
      kind: 'chunked body over the limit, the next request behind it',
      pieces: [
        head([line, 'Host: localhost', ...signedIn, `Content-Type: ${type}`, 'Transfer-Encoding: chunked']),
        ...chunked(bytes),
        validRequest,
      ],
    })),
    fc.tuple(fc.constantFrom(...framingDefects), fc.boolean()).map(([[kind, lines, body], slowly]) => {
      const bytes = Buffer.concat([head(lines), Buffer.from(body, 'latin1')]);
      // Some clients send a request in pieces: the parser must refuse the same way across a split.
      const split = slowly ? Math.max(1, bytes.length >> 1) : bytes.length;
      return {
        kind,
        pieces: [bytes.subarray(0, split), bytes.subarray(split), validRequest].filter((p) => p.length > 0),
      };
    }),
    fc
      .tuple(
        fc.integer({ min: 0, max: 31 }).filter((c) => c !== 9),
        fc.nat(),
      )
      .map(([control, at]) => {
        const line = `X-Fuzz: ${'v'.repeat(8)}`;
        const where = 8 + (at % 8);
        const bad = `${line.slice(0, where)}${String.fromCharCode(control)}${line.slice(where)}`;
        return {
          kind: 'a control character in a header value',
          pieces: [
            head([...refusedChange, bad, `Content-Length: ${smallBody.length}`]),
            Buffer.from(smallBody),
            validRequest,
          ],
        };
      }),
  );
};

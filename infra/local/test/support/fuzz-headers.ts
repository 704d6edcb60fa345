import fc from 'fast-check';

/** Headers a state-changing route refuses even with a body it would accept: origin, fetch site, If-Match, keys. */
export const refusedHeaders = (ours: string): fc.Arbitrary<Record<string, string | undefined>> =>
  fc.oneof(
    fc.constant({ origin: undefined }),
    fc
      .webUrl()
      .map((url) => new URL(url).origin)
      .filter((origin) => origin !== ours)
      .map((origin) => ({ origin })),
    fc.constantFrom('null', 'http://localhost', ours.replace('localhost', '127.0.0.1')).map((origin) => ({ origin })),
    fc.constantFrom('cross-site', 'same-site', 'none').map((site) => ({ origin: undefined, 'sec-fetch-site': site })),
    fc
      .string({ unit: 'binary-ascii', maxLength: 30 })
      .filter((v) => /^[\x20-\x7e]*$/.test(v) && !/^(?:W\/)?"?(\d{1,18})"?$/.test(v.trim()))
      .map((ifMatch) => ({ 'if-match': ifMatch })),
    fc.integer({ min: 201, max: 2000 }).map((length) => ({ 'idempotency-key': 'k'.repeat(length) })),
  );

/** No session, a made-up one, or any printable cookie text. */
export const forgedSession: fc.Arbitrary<{ cookie?: string }> = fc.oneof(
  fc.constant({}),
  fc.base64String({ minLength: 4, maxLength: 64 }).map((token) => ({ cookie: `dm_session=${token}` })),
  fc
    .string({ unit: 'binary-ascii', maxLength: 200 })
    .filter((v) => /^[\x20-\x7e]*$/.test(v))
    .map((cookie) => ({ cookie })),
);

export type Upstream = 'query' | 'command';

export interface UpstreamRule {
  readonly methods: readonly string[];
  /** A path pattern with `:param` segments, or `*` for any path. */
  readonly path: string;
  readonly upstream: Upstream;
}

/**
 * Which service answers which request (ARCHITECTURE §1): reads go to query-api, changes to command-api.
 * First match wins; put exceptions above the catch-alls.
 */
export const upstreamRules: readonly UpstreamRule[] = [
  // Read-only although a POST (spec compatibility): answered from the read models.
  { methods: ['POST'], path: '/api/discounts/:id/codes/check-availability', upstream: 'query' },
  { methods: ['GET', 'HEAD'], path: '*', upstream: 'query' },
  { methods: ['POST', 'PUT', 'PATCH', 'DELETE'], path: '*', upstream: 'command' },
];

const segmentsMatch = (pattern: string, path: string) => {
  if (pattern === '*') return true;
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
};

export const upstreamFor = (method: string, path: string, rules = upstreamRules): Upstream | null =>
  rules.find((rule) => rule.methods.includes(method) && segmentsMatch(rule.path, path))?.upstream ?? null;

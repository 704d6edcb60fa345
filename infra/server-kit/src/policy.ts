import { createHash, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, hasLevel, policyFor, type BrandScope, type PolicyEntry } from '@dm/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from './errors';
import type { Queries } from './pipelined-queries';

export interface PolicyOptions {
  /** The secret our services present to each other (SERVICE_TOKEN); without it every `service` route refuses. */
  readonly serviceToken?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests in constant time, so neither the token nor its length leaks through timing. */
const presentsToken = (request: FastifyRequest, token: string | undefined) => {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
};

const policyOf = (request: FastifyRequest): PolicyEntry | undefined => {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return policyFor(method, request.routeOptions.url ?? '');
};

const brandIdsIn = (value: unknown): number[] => {
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const ids: unknown[] = [record.brandId, ...(Array.isArray(record.brandIds) ? (record.brandIds as unknown[]) : [])];
  return ids.filter((id): id is number => typeof id === 'number');
};

const isBrandId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2 ** 31 - 1; // rm.brands.id is an int

/**
 * The first of `brandIds` outside the scope; for 'all', the first that is no registered brand. Brands are never
 * removed (a replay registers the same ids again), so the ids once found are remembered: a super admin's writes
 * then cost no extra statement.
 */
const brandChecker = (db: Queries) => {
  const known = new Set<number>();
  return async (scope: BrandScope, brandIds: readonly number[]) => {
    if (scope !== 'all') return brandIds.find((id) => !scope.includes(id));
    const unknown = brandIds.filter((id) => !known.has(id));
    if (unknown.length === 0) return undefined;
    if (!unknown.every(isBrandId)) return unknown.find((id) => !isBrandId(id));
    const { rows } = await db.query<{ ids: number[] | null }>({
      name: 'known-brands',
      text: 'SELECT array_agg(id) AS ids FROM rm.brands WHERE id = ANY($1::int[])',
      values: [unknown],
    });
    for (const id of rows[0]?.ids ?? []) known.add(id);
    return unknown.find((id) => !known.has(id));
  };
};

/**
 * Enforces the one policy table (events/src/policy.ts). Deny by default: registering a route without an
 * entry fails at start-up. Brand scope: a `brandId`/`brandIds` in params, query or body outside the
 * caller's brands is refused here; routes that load an item by id check its brand themselves (→ 404).
 */
export const policy = fp(async (app: FastifyInstance, options: PolicyOptions) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!policyFor(method, route.url)) {
        throw new Error(`Route ${method} ${route.url} has no entry in the policy table (events/src/policy.ts)`);
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers
    const entry = policyOf(request);
    if (!entry) throw new ForbiddenError();
    if (entry.access === 'public') return;
    if (entry.access === 'service') {
      if (!presentsToken(request, options.serviceToken))
        throw new UnauthorizedError('Only our own services may call this.');
      return;
    }
    if (!request.user) throw new UnauthorizedError();
    if (!hasLevel(request.user.level, entry.level)) {
      throw new ForbiddenError(`This needs the ${entry.level.replace('_', ' ')} level or higher.`);
    }
  });

  const firstForeign = brandChecker(app.pipelined);
  app.addHook('preHandler', async (request) => {
    const entry = policyOf(request);
    if (entry?.access !== 'signed-in' || !entry.brandScoped || !request.user) return;
    const requested = [request.params, request.query, request.body].flatMap(brandIdsIn);
    if (requested.length === 0) return;
    const foreign = await firstForeign(request.user.brandIds, requested);
    if (foreign !== undefined) throw new ForbiddenError(`You do not have access to brand ${foreign}.`);
  });
});

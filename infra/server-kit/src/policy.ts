import { createHash, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, hasLevel, policyFor, type PolicyEntry } from '@dm/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from './errors';

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
      if (!presentsToken(request, options.serviceToken)) throw new UnauthorizedError('Only our own services may call this.');
      return;
    }
    if (!request.user) throw new UnauthorizedError();
    if (!hasLevel(request.user.level, entry.level)) {
      throw new ForbiddenError(`This needs the ${entry.level.replace('_', ' ')} level or higher.`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const entry = policyOf(request);
    if (entry?.access !== 'signed-in' || !entry.brandScoped || !request.user) return;
    const mine = new Set(request.user.brandIds);
    const foreign = [request.params, request.query, request.body].flatMap(brandIdsIn).find((id) => !mine.has(id));
    if (foreign !== undefined) throw new ForbiddenError(`You do not have access to brand ${foreign}.`);
  });
});

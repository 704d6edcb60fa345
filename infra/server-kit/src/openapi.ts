import swagger from '@fastify/swagger';
import { errorBodySchema } from '@dm/events/http';
import { policyFor, type PolicyEntry } from '@dm/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sessionCookieName } from './auth';

/** Where each service publishes its own part of the API description; the gateway merges them (decision 1340). */
export const openapiPath = '/openapi.json';

/**
 * Every answer a route does not declare itself comes from the one error handler as `{ message }`: a 4xx a
 * person can act on, a 5xx with its details hidden. Declared on every route, so the serializer holds the
 * answer to that shape and the document says so.
 */
const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

const describeAccess = (entry: PolicyEntry | undefined) => {
  if (entry?.access !== 'signed-in') return 'No session needed.';
  const level = entry.level.replace('_', ' ');
  return `Needs the ${level} level or higher${entry.brandScoped ? ", within the caller's brands" : ''}.`;
};

/** The first path segment after /api (and after /admin) names the group the operation is listed under. */
const tagOf = (url: string) => url.split('/').filter((segment) => segment !== 'admin')[2] ?? 'api';

export const openapiDescription = [
  'The HTTP API of Discount Manager, as the browser app uses it through the gateway.',
  'Sign in at /api/login: the session is the HttpOnly cookie it sets.',
  'Every POST, PUT, PATCH and DELETE must come from the app itself: browsers send `Origin` (this origin) or',
  '`Sec-Fetch-Site: same-origin`, and other clients must send the same header, or the change is refused (403).',
  'Every error answer is `{ "message": "…" }`, written for a person.',
].join(' ');

/**
 * The service's routes as OpenAPI 3.1, generated from their zod schemas (@fastify/swagger with the zod type
 * provider's transform). Only /api routes are described: health checks and service-to-service routes are not
 * the browser's API. Each operation carries its access from the policy table.
 */
export const openapi = fp(async (app: FastifyInstance, options: { title: string; secureCookies: boolean }) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema) return;
    route.schema.response = { ...errorResponses, ...(route.schema.response as object | undefined) };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: '1', description: openapiDescription },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(options.secureCookies) },
        },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const method = [document.route.method].flat()[0] ?? 'GET';
      const entry = policyFor(method, document.url);
      return {
        url: transformed.url,
        schema: {
          ...transformed.schema,
          tags: [tagOf(document.url)],
          description: describeAccess(entry),
          security: entry?.access === 'signed-in' ? [{ session: [] }] : [],
        },
      };
    },
  });
  app.get(openapiPath, { schema: { hide: true } }, () => app.swagger());
});

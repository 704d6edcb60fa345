import {
  catalogBrandQuerySchema,
  catalogImportStatusSchema,
  importIdParamsSchema,
} from '@dm/events/http';
import { ForbiddenError, inBrandScope, NotFoundError, UnauthorizedError, type BrandScope } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createListCache } from './list-cache';
import { findImport, listCollectionLinksJson, listProductLinksJson, type CatalogList } from './queries';

/** Catalog reads (spec 001 §7). A foreign brandId never gets here: the policy plugin answers 403. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const brandIdsOf = (request: { user?: { brandIds: BrandScope } | null }) => {
    if (!request.user) throw new UnauthorizedError();
    return request.user.brandIds;
  };
  const query = { querystring: catalogBrandQuerySchema };

  // Rendered by PostgreSQL (see queries.ts), so sent as bytes: their shape is checked by the tests, not per
  // request. Kept current incrementally (list-cache.ts), and revalidated by ETag (304) in the browser.
  const cached = createListCache(app.db);
  const lists: [string, CatalogList][] = [
    ['/api/products', { kind: 'product', availableOnly: true }],
    ['/api/products/all', { kind: 'product', availableOnly: false }],
    ['/api/collections/available', { kind: 'collection', availableOnly: true }],
    ['/api/collections', { kind: 'collection', availableOnly: false }],
  ];
  for (const [path, list] of lists) {
    app.get(path, { schema: query }, async (request, reply) => {
      const params = { brandIds: brandIdsOf(request), brandId: request.query.brandId };
      // The policy plugin refuses foreign brands already; never let a refusal be cached for others.
      if (!inBrandScope(params.brandIds, params.brandId)) throw new ForbiddenError(`You do not have access to brand ${params.brandId}.`);
      const { body, etag } = await cached(list, params);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  for (const [path, list] of [['/api/products/links', listProductLinksJson], ['/api/collections/links', listCollectionLinksJson]] as const) {
    app.get(path, { schema: query }, async (request, reply) => {
      const body = await list(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId });
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  app.get(
    '/api/imports/:id',
    { schema: { params: importIdParamsSchema, response: { 200: catalogImportStatusSchema } } },
    async (request) => {
      const found = await findImport(app.db, { brandIds: brandIdsOf(request), importId: request.params.id });
      if (!found) throw new NotFoundError('This import was not found. Start a new import.');
      return found;
    },
  );
};

import { ForbiddenError, inBrandScope, NotFoundError } from '@dm/events';
import {
  catalogBrandQuerySchema,
  catalogImportStatusSchema,
  collectionLinkListSchema,
  collectionListSchema,
  importIdParamsSchema,
  noContentSchema,
  productLinkListSchema,
  productListSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { prerendered } from '../../shared/prerendered';
import { createListCache } from './list-cache';
import { findImport, listCollectionLinksJson, listProductLinksJson, type CatalogList } from './queries';

const json = 'application/json; charset=utf-8';

/** Catalog reads (spec 001 §7). A foreign brandId never gets here: the policy plugin answers 403. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered by PostgreSQL (see queries.ts), so sent as text: their shape is checked by the tests, not per
  // request. Kept current incrementally (list-cache.ts), and revalidated by ETag (304) in the browser.
  const cached = createListCache(app.db);
  const lists = [
    ['/api/products', { kind: 'product', availableOnly: true }, productListSchema],
    ['/api/products/all', { kind: 'product', availableOnly: false }, productListSchema],
    ['/api/collections/available', { kind: 'collection', availableOnly: true }, collectionListSchema],
    ['/api/collections', { kind: 'collection', availableOnly: false }, collectionListSchema],
  ] as const satisfies readonly (readonly [string, CatalogList, unknown])[];
  for (const [path, list, schema] of lists) {
    app.get(
      path,
      { schema: { querystring: catalogBrandQuerySchema, response: { 200: schema, 304: noContentSchema } } },
      async (request, reply) => {
        const params = { brandIds: callerOf(request).brandIds, brandId: request.query.brandId };
        // The policy plugin refuses foreign brands already; never let a refusal be cached for others.
        if (!inBrandScope(params.brandIds, params.brandId)) {
          throw new ForbiddenError(`You do not have access to brand ${params.brandId}.`);
        }
        const { body, etag } = await cached(list, params);
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(json).send(prerendered(body));
      },
    );
  }

  const links = [
    ['/api/products/links', listProductLinksJson, productLinkListSchema],
    ['/api/collections/links', listCollectionLinksJson, collectionLinkListSchema],
  ] as const;
  for (const [path, list, schema] of links) {
    app.get(
      path,
      { schema: { querystring: catalogBrandQuerySchema, response: { 200: schema } } },
      async (request, reply) => {
        const body = await list(app.db, { brandIds: callerOf(request).brandIds, brandId: request.query.brandId });
        return reply.type(json).send(prerendered(body));
      },
    );
  }

  app.get(
    '/api/imports/:id',
    { schema: { params: importIdParamsSchema, response: { 200: catalogImportStatusSchema } } },
    async (request) => {
      const found = await findImport(app.db, { brandIds: callerOf(request).brandIds, importId: request.params.id });
      if (!found) throw new NotFoundError('This import was not found. Start a new import.');
      return found;
    },
  );
};

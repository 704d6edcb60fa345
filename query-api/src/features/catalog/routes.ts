import {
  catalogBrandQuerySchema,
  catalogImportStatusSchema,
  importIdParamsSchema,
} from '@dm/events/http';
import { NotFoundError, UnauthorizedError } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findImport, listCollectionLinksJson, listCollectionsJson, listProductLinksJson, listProductsJson } from './queries';

/** Catalog reads (spec 001 §7). A foreign brandId never gets here: the policy plugin answers 403. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const brandIdsOf = (request: { user?: { brandIds: readonly number[] } | null }) => {
    if (!request.user) throw new UnauthorizedError();
    return request.user.brandIds;
  };
  const query = { querystring: catalogBrandQuerySchema };

  // Rendered by PostgreSQL (see queries.ts), so sent as text: their shape is checked by the tests, not per request.
  for (const [path, availableOnly] of [['/api/products', true], ['/api/products/all', false]] as const) {
    app.get(path, { schema: query }, async (request, reply) => {
      const body = await listProductsJson(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId, availableOnly });
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  for (const [path, availableOnly] of [['/api/collections/available', true], ['/api/collections', false]] as const) {
    app.get(path, { schema: query }, async (request, reply) => {
      const body = await listCollectionsJson(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId, availableOnly });
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

import {
  catalogBrandQuerySchema,
  catalogImportStatusSchema,
  importIdParamsSchema,
} from '@dm/events/http';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createListCache } from './list-cache';
import { findImport, listCollectionLinksJson, listCollectionsJson, listProductLinksJson, listProductsJson } from './queries';

type ListParams = { brandIds: readonly number[]; brandId: number };

/** Catalog reads (spec 001 §7). A foreign brandId never gets here: the policy plugin answers 403. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const brandIdsOf = (request: { user?: { brandIds: readonly number[] } | null }) => {
    if (!request.user) throw new UnauthorizedError();
    return request.user.brandIds;
  };
  const query = { querystring: catalogBrandQuerySchema };

  // Rendered by PostgreSQL (see queries.ts), so sent as text: their shape is checked by the tests, not per
  // request. Reused while the catalog is unchanged, and revalidated by ETag (304) in the browser.
  const cached = createListCache(app.db);
  const lists = [
    ['/api/products', (p: ListParams) => listProductsJson(app.db, { ...p, availableOnly: true })],
    ['/api/products/all', (p: ListParams) => listProductsJson(app.db, { ...p, availableOnly: false })],
    ['/api/collections/available', (p: ListParams) => listCollectionsJson(app.db, { ...p, availableOnly: true })],
    ['/api/collections', (p: ListParams) => listCollectionsJson(app.db, { ...p, availableOnly: false })],
  ] as const;
  for (const [path, list] of lists) {
    app.get(path, { schema: query }, async (request, reply) => {
      const params = { brandIds: brandIdsOf(request), brandId: request.query.brandId };
      // The policy plugin refuses foreign brands already; never let a refusal be cached for others.
      if (!params.brandIds.includes(params.brandId)) throw new ForbiddenError(`You do not have access to brand ${params.brandId}.`);
      const { body, etag } = await cached(`${path}?${params.brandId}`, () => list(params));
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

import {
  catalogBrandQuerySchema,
  catalogImportStatusSchema,
  collectionLinkListSchema,
  collectionListSchema,
  importIdParamsSchema,
  productLinkListSchema,
  productListSchema,
} from '@dm/events/http';
import { NotFoundError, UnauthorizedError } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findImport, listCollectionLinks, listCollections, listProductLinks, listProducts } from './queries';

/** Catalog reads (spec 001 §7). A foreign brandId never gets here: the policy plugin answers 403. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const brandIdsOf = (request: { user?: { brandIds: readonly number[] } | null }) => {
    if (!request.user) throw new UnauthorizedError();
    return request.user.brandIds;
  };
  const query = { querystring: catalogBrandQuerySchema };

  for (const [path, availableOnly] of [['/api/products', true], ['/api/products/all', false]] as const) {
    app.get(path, { schema: { ...query, response: { 200: productListSchema } } }, async (request) =>
      listProducts(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId, availableOnly }),
    );
  }
  for (const [path, availableOnly] of [['/api/collections/available', true], ['/api/collections', false]] as const) {
    app.get(path, { schema: { ...query, response: { 200: collectionListSchema } } }, async (request) =>
      listCollections(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId, availableOnly }),
    );
  }
  app.get('/api/products/links', { schema: { ...query, response: { 200: productLinkListSchema } } }, async (request) =>
    listProductLinks(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId }),
  );
  app.get('/api/collections/links', { schema: { ...query, response: { 200: collectionLinkListSchema } } }, async (request) =>
    listCollectionLinks(app.db, { brandIds: brandIdsOf(request), brandId: request.query.brandId }),
  );
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

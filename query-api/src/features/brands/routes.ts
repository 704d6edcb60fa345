import { brandListSchema } from '@dm/events/http';
import { UnauthorizedError } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAllBrands, listBrandsIn } from './queries';

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The brand directory (names only): the admin screens label stores and users with it.
  app.get('/api/brands', { schema: { response: { 200: brandListSchema } } }, async () => listAllBrands(app.db));

  app.get('/api/user/brands', { schema: { response: { 200: brandListSchema } } }, async (request) => {
    if (!request.user) throw new UnauthorizedError();
    const { brandIds } = request.user;
    return brandIds === 'all' ? listAllBrands(app.db) : listBrandsIn(app.db, brandIds);
  });
};

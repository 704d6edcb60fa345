import { brandListSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { listAllBrands, listBrandsIn } from './queries';

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The brand directory (names only): the admin screens label stores and users with it.
  app.get('/api/brands', { schema: { response: { 200: brandListSchema } } }, async () => listAllBrands(app.db));

  app.get('/api/user/brands', { schema: { response: { 200: brandListSchema } } }, async (request) => {
    const { brandIds } = callerOf(request);
    return brandIds === 'all' ? listAllBrands(app.db) : listBrandsIn(app.db, brandIds);
  });
};

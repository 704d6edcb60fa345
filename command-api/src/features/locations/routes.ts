import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryRoutes } from './country-routes';
import { regionRoutes } from './region-routes';
import { storeRoutes } from './store-routes';

/** Writes of regions, countries and stores (spec 000 §7); all super_admin per the policy table. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(regionRoutes);
  await app.register(countryRoutes);
  await app.register(storeRoutes);
};

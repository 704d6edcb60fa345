import { countryListSchema, regionListSchema, storeListQuerySchema, storeListSchema } from '@dm/events/http';
import type { ShopifyAdapter } from '@dm/shopify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { listCountries, listRegions, listStores } from './queries';

/**
 * Reads of stores, countries and regions (spec 000 §7). Store lists are bounded by the caller's brands. A store is
 * connected when the Shopify adapter can reach it; without an adapter none is.
 */
export const locationsRoutes: FastifyPluginAsyncZod<{ shopify?: ShopifyAdapter }> = async (app, { shopify }) => {
  const isConnected = (slug: string) => shopify?.store(slug).ok ?? false;
  app.get(
    '/api/stores',
    { schema: { querystring: storeListQuerySchema, response: { 200: storeListSchema } } },
    async (request) => {
      // A foreign brandId never gets here: the policy plugin refuses it (403) on this brand-scoped route.
      return listStores(app.db, { brandIds: callerOf(request).brandIds, brandId: request.query.brandId, isConnected });
    },
  );

  app.get('/api/countries', { schema: { response: { 200: countryListSchema } } }, async () => listCountries(app.db));

  app.get('/api/regions', { schema: { response: { 200: regionListSchema } } }, async () => listRegions(app.db));
};

import { markCollectionsBodySchema, markProductsBodySchema, markResultSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';
import { findItemIds } from './lookups';

/** Mark/unmark for discount (spec 001 §7); answers how many items changed. */
export const markRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [action, mark] of [['mark', true], ['unmark', false]] as const) {
    app.post(
      `/api/products/${action}-for-discount`,
      { schema: { body: markProductsBodySchema, response: { 200: markResultSchema } } },
      async (request, reply) => {
        const { brandId, productIds } = request.body;
        const foundIds = await findItemIds(app.db, 'product', brandId, productIds);
        const data = { brandId, itemKind: 'product' as const, itemIds: productIds, foundIds };
        const result = await app.commands.markCatalogItems(data, mark, actorOf(request), contextOf(request));
        sendPosition(reply, result);
        return { updated: result.events.reduce((n, e) => n + ('itemIds' in e.data ? e.data.itemIds.length : 0), 0) };
      },
    );
    app.post(
      `/api/collections/${action}-for-discount`,
      { schema: { body: markCollectionsBodySchema, response: { 200: markResultSchema } } },
      async (request, reply) => {
        const { brandId, collectionIds } = request.body;
        const foundIds = await findItemIds(app.db, 'collection', brandId, collectionIds);
        const data = { brandId, itemKind: 'collection' as const, itemIds: collectionIds, foundIds };
        const result = await app.commands.markCatalogItems(data, mark, actorOf(request), contextOf(request));
        sendPosition(reply, result);
        return { updated: result.events.reduce((n, e) => n + ('itemIds' in e.data ? e.data.itemIds.length : 0), 0) };
      },
    );
  }
};

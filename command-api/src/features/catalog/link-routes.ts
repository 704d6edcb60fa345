import { NotFoundError, type CatalogItemKind } from '@dm/events';
import {
  collectionLinkSchema,
  linkCollectionsBodySchema,
  linkIdParamsSchema,
  linkProductsBodySchema,
  linkRemovedSchema,
  productLinkSchema,
} from '@dm/events/http';
import { UnauthorizedError } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';
import { findItemIds, findLink, isLinked } from './lookups';

/** Manual links of exactly two items, and removal of any link (spec 001 §7). */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const link = async (kind: CatalogItemKind, brandId: number, sourceId: string, targetId: string, request: Parameters<typeof actorOf>[0]) => {
    const foundIds = await findItemIds(app.db, kind, brandId, [sourceId, targetId]);
    const alreadyLinked = await isLinked(app.db, kind, sourceId, targetId);
    const data = { brandId, itemKind: kind, sourceId, targetId, foundIds, alreadyLinked };
    const result = await app.commands.linkCatalogItems(data, actorOf(request), contextOf(request));
    const linked = result.events.find((e) => e.type === 'CatalogItemsLinked');
    if (!linked) throw new Error('LinkCatalogItems appended no CatalogItemsLinked event');
    return { result, linkId: linked.data.linkId };
  };

  app.post(
    '/api/products/link',
    { schema: { body: linkProductsBodySchema, response: { 201: productLinkSchema } } },
    async (request, reply) => {
      const { brandId, sourceProductId, targetProductId } = request.body;
      const { result, linkId } = await link('product', brandId, sourceProductId, targetProductId, request);
      sendPosition(reply, result);
      return reply.status(201).send({ id: linkId, linkType: 'manual' as const, sourceProductId, targetProductId });
    },
  );
  app.post(
    '/api/collections/link',
    { schema: { body: linkCollectionsBodySchema, response: { 201: collectionLinkSchema } } },
    async (request, reply) => {
      const { brandId, sourceCollectionId, targetCollectionId } = request.body;
      const { result, linkId } = await link('collection', brandId, sourceCollectionId, targetCollectionId, request);
      sendPosition(reply, result);
      return reply.status(201).send({ id: linkId, linkType: 'manual' as const, sourceCollectionId, targetCollectionId });
    },
  );

  for (const [path, kind] of [['products', 'product'], ['collections', 'collection']] as const) {
    app.delete(
      `/api/${path}/links/:linkId`,
      { schema: { params: linkIdParamsSchema, response: { 200: linkRemovedSchema } } },
      async (request, reply) => {
        if (!request.user) throw new UnauthorizedError();
        const found = await findLink(app.db, kind, request.params.linkId, request.user.brandIds);
        if (!found) throw new NotFoundError('This link was not found. Refresh the list: it may have been removed.');
        const result = await app.commands.removeCatalogLink({ itemKind: kind, link: found }, actorOf(request), contextOf(request));
        sendPosition(reply, result);
        return { id: found.linkId };
      },
    );
  }
};

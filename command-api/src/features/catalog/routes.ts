import { NotFoundError } from '@dm/events';
import {
  catalogImportAcceptedSchema,
  catalogImportBodySchema,
  catalogImportResultSchema,
  collectionLinkSchema,
  errorBodySchema,
  eventPositionHeader,
  linkCollectionsBodySchema,
  linkIdParamsSchema,
  linkProductsBodySchema,
  linkRemovedSchema,
  markCollectionsBodySchema,
  markProductsBodySchema,
  markResultSchema,
  productLinkSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, sendPosition, sentBy } from '../../shared/request-context';
import { findItemIds, findLink, groupMembersOf, isLinked } from './lookups';
import { readAfterCallerWrites } from '../../shared/read-your-writes';

/** Products and collections are written alike; only their field names differ (spec 001 §7). */
const itemKinds = [
  {
    path: 'products',
    kind: 'product',
    markBody: markProductsBodySchema,
    linkBody: linkProductsBodySchema,
    linked: productLinkSchema,
  },
  {
    path: 'collections',
    kind: 'collection',
    markBody: markCollectionsBodySchema,
    linkBody: linkCollectionsBodySchema,
    linked: collectionLinkSchema,
  },
] as const;

/** Writes of the catalog (spec 001 §7): imports, marks, links; admin and the caller's brands. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  readAfterCallerWrites(app);
  for (const { path, kind, markBody, linkBody, linked } of itemKinds) {
    // The reactor imports; the call waits up to 30 s for the outcome (200, the spec's result) or answers 202 + id.
    app.post(
      `/api/${path}/import`,
      {
        schema: {
          body: catalogImportBodySchema,
          response: {
            200: catalogImportResultSchema,
            202: catalogImportAcceptedSchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { importId, outcome, position } = await app.commands.importCatalog(
          { kind: path, ...request.body },
          ...sentBy(request),
        );
        if (position !== null) reply.header(eventPositionHeader, position.toString());
        if (!outcome.finished) return reply.status(202).send({ importId });
        return reply.status(200).send(outcome.result);
      },
    );

    // Mark/unmark for discount: the selected items' whole groups, in one event; answers how many items changed.
    for (const [action, mark] of [
      ['mark', true],
      ['unmark', false],
    ] as const) {
      app.post(
        `/api/${path}/${action}-for-discount`,
        { schema: { body: markBody, response: { 200: markResultSchema } } },
        async (request, reply) => {
          const { brandId, ...selected } = request.body;
          const itemIds = 'productIds' in selected ? selected.productIds : selected.collectionIds;
          const foundIds = await findItemIds(app.db, kind, brandId, itemIds);
          const memberIds = await groupMembersOf(app.db, kind, brandId, foundIds);
          const data = { brandId, itemKind: kind, itemIds, foundIds, memberIds };
          const result = await app.commands.markCatalogItems(data, mark, ...sentBy(request));
          sendPosition(reply, result);
          return { updated: result.events.reduce((n, e) => n + ('itemIds' in e.data ? e.data.itemIds.length : 0), 0) };
        },
      );
    }

    // A manual link of exactly two items.
    app.post(`/api/${path}/link`, { schema: { body: linkBody, response: { 201: linked } } }, async (request, reply) => {
      const { brandId, ...pair } = request.body;
      const [sourceId, targetId] =
        'sourceProductId' in pair
          ? [pair.sourceProductId, pair.targetProductId]
          : [pair.sourceCollectionId, pair.targetCollectionId];
      const foundIds = await findItemIds(app.db, kind, brandId, [sourceId, targetId]);
      const alreadyLinked = await isLinked(app.db, kind, sourceId, targetId);
      const data = { brandId, itemKind: kind, sourceId, targetId, foundIds, alreadyLinked };
      const result = await app.commands.linkCatalogItems(data, ...sentBy(request));
      const event = result.events.find((e) => e.type === 'CatalogItemsLinked');
      if (!event) throw new Error('LinkCatalogItems appended no CatalogItemsLinked event');
      sendPosition(reply, result);
      return reply.status(201).send({ id: event.data.linkId, linkType: 'manual' as const, ...pair });
    });

    // Removal of any link, automatic or manual.
    app.delete(
      `/api/${path}/links/:linkId`,
      { schema: { params: linkIdParamsSchema, response: { 200: linkRemovedSchema } } },
      async (request, reply) => {
        const found = await findLink(app.db, kind, request.params.linkId, actorOf(request).brandIds);
        if (!found) throw new NotFoundError('This link was not found. Refresh the list: it may have been removed.');
        const result = await app.commands.removeCatalogLink({ itemKind: kind, link: found }, ...sentBy(request));
        sendPosition(reply, result);
        return { id: found.linkId };
      },
    );
  }
};

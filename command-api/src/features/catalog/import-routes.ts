import { catalogImportAcceptedSchema, catalogImportBodySchema, catalogImportResultSchema, errorBodySchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf } from '../../shared/request-context';
import { eventPositionHeader } from '@dm/events/http';

/**
 * POST /api/products/import, /api/collections/import (spec 001 §7): the reactor imports; the call waits up
 * to 30 s for the outcome (200 with the spec's result) or answers 202 with the id to poll.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['products', 'collections'] as const) {
    app.post(
      `/api/${kind}/import`,
      {
        schema: {
          body: catalogImportBodySchema,
          response: { 200: catalogImportResultSchema, 202: catalogImportAcceptedSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { importId, outcome, position } = await app.commands.importCatalog(
          { kind, ...request.body },
          actorOf(request),
          contextOf(request),
        );
        if (position !== null) reply.header(eventPositionHeader, position.toString());
        if (!outcome.finished) return reply.status(202).send({ importId });
        return reply.status(200).send(outcome.result);
      },
    );
  }
};

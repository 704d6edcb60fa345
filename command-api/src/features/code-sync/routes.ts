import { codeSyncAcceptedSchema, codeSyncTriggerBodySchema, errorBodySchema, idParamsSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPosition, sentBy } from '../../shared/request-context';

/** `POST /api/stores/:id/code-sync/trigger` (spec 000 §7): starts a sync in the projectors and answers at once. */
export const codeSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/stores/:id/code-sync/trigger',
    {
      schema: {
        params: idParamsSchema,
        body: codeSyncTriggerBodySchema,
        response: { 202: codeSyncAcceptedSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await app.commands.triggerCodeSync(
        { storeId: request.params.id, incremental: request.body.incremental },
        ...sentBy(request),
      );
      sendPosition(reply, result);
      // The same command re-sent (Idempotency-Key) appends nothing: it answers for the sync already asked for.
      if (!result.syncId) throw new Error('A code sync trigger decided nothing');
      return reply.status(202).send({ syncId: result.syncId, resumed: result.resumed });
    },
  );
};

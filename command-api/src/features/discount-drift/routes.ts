import { deploymentParamsSchema, driftReassertAcceptedSchema, errorBodySchema, noContentSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPosition, sentBy } from '../../shared/request-context';

/**
 * Acting on a discount's drift in one store (issue 13, decision 0930): re-assert our version (the projectors'
 * reactor puts it back; 202) or accept Shopify's (recorded at once; 204).
 */
export const discountDriftRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = { 404: errorBodySchema, 409: errorBodySchema };
  app.post(
    '/api/discounts/:id/drift/:storeId/reassert',
    { schema: { params: deploymentParamsSchema, response: { 202: driftReassertAcceptedSchema, ...responses } } },
    async (request, reply) => {
      const { id, storeId } = request.params;
      const result = await app.commands.reassertDiscountDrift({ discountId: id, storeId }, ...sentBy(request));
      sendPosition(reply, result);
      if (!result.requestId) throw new Error('A drift re-assertion decided nothing');
      return reply.status(202).send({ requestId: result.requestId });
    },
  );
  app.post(
    '/api/discounts/:id/drift/:storeId/accept',
    { schema: { params: deploymentParamsSchema, response: { 204: noContentSchema, ...responses } } },
    async (request, reply) => {
      const { id, storeId } = request.params;
      const result = await app.commands.acceptDiscountDrift({ discountId: id, storeId }, ...sentBy(request));
      sendPosition(reply, result);
      return reply.status(204).send();
    },
  );
};

import {
  createDiscountBodySchema,
  deploymentParamsSchema,
  discountCreatedAnswerSchema,
  discountIdParamsSchema,
  errorBodySchema,
  noContentSchema,
  preflightAnswerSchema,
  previewAnswerSchema,
  previewQuerySchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAfterCallerWrites } from '../../shared/read-your-writes';
import { actorOf, sendPosition, sentBy } from '../../shared/request-context';

/**
 * Writes of discounts (spec 001 §3, §5; issue 14): create (admin, the caller's brands), retry a failed store, end
 * early. Deployment itself is the reactor's: retry and end answer 202 once the request is recorded.
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  readAfterCallerWrites(app);
  app.post(
    '/api/admin/discounts',
    {
      schema: {
        body: createDiscountBodySchema,
        response: { 201: discountCreatedAnswerSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, seedCode, storeIds, ...result } = await app.commands.createDiscount(request.body, ...sentBy(request));
      sendPosition(reply, result);
      return reply.status(201).send({ id, seedCode, storeIds });
    },
  );

  // A read of the catalog before Confirm, answered here because it shares the create's checks (decision 1380).
  app.post(
    '/api/admin/discounts/preflight',
    {
      schema: {
        body: createDiscountBodySchema,
        response: { 200: preflightAnswerSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      return app.commands.preflightDiscount(request.body, actorOf(request));
    },
  );

  // The pre-flight with example carts priced by the discount Function and warnings (decision 1410).
  app.post(
    '/api/admin/discounts/preview',
    {
      schema: {
        body: createDiscountBodySchema,
        querystring: previewQuerySchema,
        response: { 200: previewAnswerSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      return app.commands.previewDiscount(request.body, actorOf(request), request.query.excluding);
    },
  );

  app.post(
    '/api/discounts/:id/deployments/:storeId/retry',
    { schema: { params: deploymentParamsSchema, response: { 202: noContentSchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const { id, storeId } = request.params;
      const result = await app.commands.retryDiscountDeployment({ discountId: id, storeId }, ...sentBy(request));
      sendPosition(reply, result);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/discounts/:id/end',
    { schema: { params: discountIdParamsSchema, response: { 202: noContentSchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const result = await app.commands.endDiscount({ discountId: request.params.id }, ...sentBy(request));
      sendPosition(reply, result);
      return reply.status(202).send();
    },
  );
};

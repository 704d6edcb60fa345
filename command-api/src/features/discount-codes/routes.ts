import {
  addDiscountCodesBodySchema,
  codeIdParamsSchema,
  discountCodesAddedAnswerSchema,
  discountIdParamsSchema,
  errorBodySchema,
  noContentSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPosition, sentBy } from '../../shared/request-context';
import { readAfterCallerWrites } from '../../shared/read-your-writes';

/**
 * Writes of discount codes (spec 001 §7; issue 12): add (every level, the caller's brands), delete (managers and
 * above). Pushing to and removing from Shopify is the reactor's: the answers say what was recorded.
 */
export const discountCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  readAfterCallerWrites(app);
  app.post(
    '/api/discounts/:id/codes',
    {
      schema: {
        params: discountIdParamsSchema,
        body: addDiscountCodesBodySchema,
        response: {
          201: discountCodesAddedAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { position, version, ...answer } = await app.commands.addDiscountCodes(
        request.params.id,
        request.body,
        ...sentBy(request),
      );
      sendPosition(reply, { position, version });
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    '/api/codes/:codeId',
    { schema: { params: codeIdParamsSchema, response: { 202: noContentSchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const result = await app.commands.deleteDiscountCode(request.params.codeId, ...sentBy(request));
      sendPosition(reply, result);
      return reply.status(202).send();
    },
  );
};

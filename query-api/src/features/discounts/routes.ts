import { NotFoundError } from '@dm/events';
import {
  discountDetailSchema,
  discountIdParamsSchema,
  discountListQuerySchema,
  discountListSchema,
  discountStatsQuerySchema,
  discountStatsSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { prerendered } from '../../shared/prerendered';
import { discountStats, findDiscountJson, listDiscountsJson } from './queries';

const json = 'application/json; charset=utf-8';

/**
 * Discount reads (spec 001 §2.1, §7; spec 000 §2.4). A foreign brandId never gets here: the policy plugin
 * answers 403. Lists and details are rendered by PostgreSQL and sent as text (their shapes are asserted by the
 * tests against the schemas named here).
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discounts',
    { schema: { querystring: discountListQuerySchema, response: { 200: discountListSchema } } },
    async (request, reply) => {
      const body = await listDiscountsJson(app.pipelined, { ...request.query, brandIds: callerOf(request).brandIds });
      return reply.type(json).send(prerendered(body));
    },
  );

  app.get(
    '/api/discounts/stats',
    { schema: { querystring: discountStatsQuerySchema, response: { 200: discountStatsSchema } } },
    async (request) =>
      discountStats(app.pipelined, { brandIds: callerOf(request).brandIds, brandId: request.query.brandId }),
  );

  app.get(
    '/api/discounts/:id',
    { schema: { params: discountIdParamsSchema, response: { 200: discountDetailSchema } } },
    async (request, reply) => {
      const body = await findDiscountJson(app.pipelined, {
        brandIds: callerOf(request).brandIds,
        id: request.params.id,
      });
      // Another brand's discount is as unknown as a missing one: its existence is not the caller's to learn.
      if (body === null) throw new NotFoundError('This discount was not found.');
      return reply.type(json).send(prerendered(body));
    },
  );
};

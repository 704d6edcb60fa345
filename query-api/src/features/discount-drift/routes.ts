import { NotFoundError } from '@dm/events';
import {
  discountDriftAnswerSchema,
  discountIdParamsSchema,
  idParamsSchema,
  storeDriftAnswerSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { discountDrift, storeDrift } from './queries';

/** Drift between our discounts and the stores (issue 13, decision 0930), per discount and per store. */
export const discountDriftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discounts/:id/drift',
    { schema: { params: discountIdParamsSchema, response: { 200: discountDriftAnswerSchema } } },
    async (request) => {
      const answer = await discountDrift(app.db, request.params.id, callerOf(request).brandIds);
      if (!answer) throw new NotFoundError(`Discount ${request.params.id} was not found.`);
      return answer;
    },
  );
  app.get(
    '/api/stores/:id/drift',
    { schema: { params: idParamsSchema, response: { 200: storeDriftAnswerSchema } } },
    async (request) => {
      const answer = await storeDrift(app.db, request.params.id, callerOf(request).brandIds);
      if (!answer) throw new NotFoundError(`Store ${request.params.id} was not found. Choose one of your stores.`);
      return answer;
    },
  );
};

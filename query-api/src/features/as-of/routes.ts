import { inBrandScope, NotFoundError, ValidationError } from '@dm/events';
import { discountAsOfQuerySchema, discountAsOfSchema, discountIdParamsSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { presentAsOf, storesNamedIn } from './present';
import { NoSuchPosition, readDiscountAsOf, storeNames } from './queries';

/**
 * A discount as it was at a given instant or position of the log (issues 16, 22), folded from the log with the deciders' evolve functions,
 * never from today's read models. A discount of another brand is as unknown as a missing one.
 */
export const asOfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discounts/:id/as-of',
    {
      schema: {
        params: discountIdParamsSchema,
        querystring: discountAsOfQuerySchema,
        response: { 200: discountAsOfSchema },
      },
      // The answer is built by typed code (`presentAsOf`) and can hold thousands of codes: checking it again with
      // zod on the way out cost as much as reading and folding it (decision 1270). The schema still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { id } = request.params;
      const { at: instant, position } = request.query;
      const point = position === undefined ? { at: new Date(instant!) } : { position };
      const asOf = await readDiscountAsOf(app.pipelined, id, point).catch((error: unknown) => {
        if (!(error instanceof NoSuchPosition)) throw error;
        throw new ValidationError(
          `The log holds no event at position ${position} (yet): give a position an answer or the audit list showed.`,
        );
      });
      const { brandId, fold, at } = asOf;
      if (brandId === null || !inBrandScope(callerOf(request).brandIds, brandId)) {
        throw new NotFoundError('This discount was not found.');
      }
      return presentAsOf(id, at, fold, await storeNames(app.pipelined, storesNamedIn(fold)));
    },
  );
};

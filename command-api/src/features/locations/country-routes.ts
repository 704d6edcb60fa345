import { countryBodySchema, countrySchema, idParamsSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/countries',
    { schema: { body: countryBodySchema, response: { 201: countrySchema } } },
    async (request, reply) => {
      const result = await app.commands.createCountry(request.body, actorOf(request), contextOf(request));
      sendPosition(reply, result);
      const created = result.events.find((e) => e.type === 'CountryCreated');
      return reply.status(201).send({ id: created?.data.countryId ?? 0, ...request.body });
    },
  );

  app.patch(
    '/api/countries/:id',
    { schema: { params: idParamsSchema, body: countryBodySchema, response: { 200: countrySchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await app.commands.updateCountry(
        { countryId: id, ...request.body },
        actorOf(request),
        contextOf(request),
      );
      sendPosition(reply, result);
      return { id, ...request.body };
    },
  );

  app.delete('/api/countries/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const result = await app.commands.deleteCountry(request.params.id, actorOf(request), contextOf(request));
    sendPosition(reply, result);
    return reply.status(204).send();
  });
};

import { idParamsSchema, regionBodySchema, regionSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/regions',
    { schema: { body: regionBodySchema, response: { 201: regionSchema } } },
    async (request, reply) => {
      const result = await app.commands.createRegion(request.body, actorOf(request), contextOf(request));
      sendPosition(reply, result);
      const created = result.events.find((e) => e.type === 'RegionCreated');
      return reply.status(201).send({ id: created?.data.regionId ?? 0, ...request.body });
    },
  );

  app.patch(
    '/api/regions/:id',
    { schema: { params: idParamsSchema, body: regionBodySchema, response: { 200: regionSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await app.commands.updateRegion(
        { regionId: id, ...request.body },
        actorOf(request),
        contextOf(request),
      );
      sendPosition(reply, result);
      return { id, ...request.body };
    },
  );

  app.delete('/api/regions/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const result = await app.commands.deleteRegion(request.params.id, actorOf(request), contextOf(request));
    sendPosition(reply, result);
    return reply.status(204).send();
  });
};

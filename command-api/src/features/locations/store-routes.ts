import { NotFoundError, tokenVariableOf } from '@dm/events';
import {
  createdStoreSchema,
  createStoreBodySchema,
  idParamsSchema,
  storeSchema,
  updateStoreBodySchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const brandNameOf = async (brandId: number) => {
    const { rows } = await app.db.query<{ name: string }>('SELECT name FROM rm.brands WHERE id = $1', [brandId]);
    if (!rows[0]) throw new NotFoundError(`Brand ${brandId} was not found. Choose an existing brand.`);
    return rows[0].name;
  };

  app.post(
    '/api/stores',
    { schema: { body: createStoreBodySchema, response: { 201: createdStoreSchema } } },
    async (request, reply) => {
      const brandName = await brandNameOf(request.body.brandId);
      const result = await app.commands.createStore(
        { ...request.body, brandName },
        actorOf(request),
        contextOf(request),
      );
      sendPosition(reply, result);
      const created = result.events.find((e) => e.type === 'StoreCreated');
      if (!created) throw new Error('CreateStore appended no StoreCreated event');
      const { storeId, createdAt: _createdAt, ...store } = created.data;
      const message = `Store created. Add its API token as the secret ${tokenVariableOf(store.urlSlug)}.`;
      return reply.status(201).send({ id: storeId, ...store, isActive: true, message });
    },
  );

  app.patch(
    '/api/stores/:id',
    { schema: { params: idParamsSchema, body: updateStoreBodySchema, response: { 200: storeSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await app.commands.setStoreActive(
        { storeId: id, ...request.body },
        actorOf(request),
        contextOf(request),
      );
      sendPosition(reply, result);
      const store = (await app.commands.readLocations()).stores.get(id);
      if (!store) throw new NotFoundError(`Store ${id} was not found.`);
      return store;
    },
  );
};

import { NotFoundError, notConnectedAdvice, type LocationEvent } from '@dm/events';
import {
  countryBodySchema,
  countrySchema,
  createdStoreSchema,
  createStoreBodySchema,
  idParamsSchema,
  noContentSchema,
  regionBodySchema,
  regionSchema,
  storeSchema,
  updateStoreBodySchema,
} from '@dm/events/http';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../../shared/command';
import type { CommandOptions } from '../../shared/command-context';
import type { CommandResult } from '../../shared/handle-command';
import { sendPosition, sentBy } from '../../shared/request-context';
import { readAfterCallerWrites } from '../../shared/read-your-writes';

type Sender = readonly [Actor, CommandOptions];
type Sent = Promise<CommandResult<LocationEvent>>;

/** Regions and countries are written alike: create (201, with the new id), change (200), delete when empty (204). */
interface Place<B> {
  readonly path: '/api/regions' | '/api/countries';
  readonly body: z.ZodType<B>;
  readonly item: z.ZodType<B & { id: number }>;
  readonly create: (body: B, ...by: Sender) => Sent;
  readonly createdId: (event: LocationEvent) => number | undefined;
  readonly update: (id: number, body: B, ...by: Sender) => Sent;
  readonly remove: (id: number, ...by: Sender) => Sent;
}

/**
 * One definition for both. Fastify's types cannot follow a schema that is a type parameter, so the routes are
 * declared untyped and the body is read as `B`: the zod schema on the same route has validated it, and `Place<B>`
 * ties the body, the answer and the commands together where each place is registered.
 */
const placeRoutes =
  <B extends object>(place: Place<B>): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
    const { path, body, item } = place;
    const byId = { params: idParamsSchema };

    routes.post(path, { schema: { body, response: { 201: item } } }, async (request, reply) => {
      const input = request.body as B;
      const result = await place.create(input, ...sentBy(request));
      sendPosition(reply, result);
      const id = result.events.map(place.createdId).find((found) => found !== undefined) ?? 0;
      return reply.status(201).send({ id, ...input });
    });

    routes.patch<{ Params: { id: number } }>(
      `${path}/:id`,
      { schema: { ...byId, body, response: { 200: item } } },
      async (request, reply) => {
        const { id } = request.params;
        const input = request.body as B;
        sendPosition(reply, await place.update(id, input, ...sentBy(request)));
        return { id, ...input };
      },
    );

    routes.delete<{ Params: { id: number } }>(
      `${path}/:id`,
      { schema: { ...byId, response: { 204: noContentSchema } } },
      async (request, reply) => {
        sendPosition(reply, await place.remove(request.params.id, ...sentBy(request)));
        return reply.status(204).send();
      },
    );
  };

/** Writes of regions, countries and stores (spec 000 §7); all super_admin per the policy table. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  readAfterCallerWrites(app);
  const { commands } = app;
  await app.register(
    placeRoutes({
      path: '/api/regions',
      body: regionBodySchema,
      item: regionSchema,
      create: (body, ...by) => commands.createRegion(body, ...by),
      createdId: (e) => (e.type === 'RegionCreated' ? e.data.regionId : undefined),
      update: (regionId, body, ...by) => commands.updateRegion({ regionId, ...body }, ...by),
      remove: (regionId, ...by) => commands.deleteRegion(regionId, ...by),
    }),
  );
  await app.register(
    placeRoutes({
      path: '/api/countries',
      body: countryBodySchema,
      item: countrySchema,
      create: (body, ...by) => commands.createCountry(body, ...by),
      createdId: (e) => (e.type === 'CountryCreated' ? e.data.countryId : undefined),
      update: (countryId, body, ...by) => commands.updateCountry({ countryId, ...body }, ...by),
      remove: (countryId, ...by) => commands.deleteCountry(countryId, ...by),
    }),
  );
  await app.register(storeRoutes);
};

const storeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const result = await app.commands.createStore({ ...request.body, brandName }, ...sentBy(request));
      sendPosition(reply, result);
      const created = result.events.find((e) => e.type === 'StoreCreated');
      if (!created) throw new Error('CreateStore appended no StoreCreated event');
      const { storeId, createdAt: _createdAt, ...store } = created.data;
      const message = notConnectedAdvice(store.name);
      return reply.status(201).send({ id: storeId, ...store, isActive: true, message });
    },
  );

  app.patch(
    '/api/stores/:id',
    { schema: { params: idParamsSchema, body: updateStoreBodySchema, response: { 200: storeSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const { isActive, countryId } = request.body;
      const result =
        countryId === undefined
          ? await app.commands.setStoreActive({ storeId: id, isActive: isActive === true }, ...sentBy(request))
          : await app.commands.moveStore({ storeId: id, countryId }, ...sentBy(request));
      sendPosition(reply, result);
      const store = (await app.commands.readLocations()).stores.get(id);
      if (!store) throw new NotFoundError(`Store ${id} was not found.`);
      return store;
    },
  );
};

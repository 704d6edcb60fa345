import {
  changePermissionBodySchema,
  grantedPermissionSchema,
  grantPermissionBodySchema,
  noContentSchema,
  userIdParamsSchema,
} from '@dm/events/http';
import { deleteSessionsOf } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition, sentBy } from '../../shared/request-context';
import { findUser, isReduction } from './find-user';
import { readAfterCallerWrites } from '../../shared/read-your-writes';

/** `brandIds` carries every brand chosen in the UI; the old clients' single `brandId` still works. */
const brandsOf = (body: { brandId?: number | undefined; brandIds?: number[] | undefined }) =>
  body.brandIds?.length ? body.brandIds : body.brandId !== undefined ? [body.brandId] : undefined;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  readAfterCallerWrites(app);
  app.post(
    '/api/permissions',
    { schema: { body: grantPermissionBodySchema, response: { 201: grantedPermissionSchema } } },
    async (request, reply) => {
      const { email, permissionLevel } = request.body;
      const brands = brandsOf(request.body) ?? [];
      const result = await app.commands.grantPermission(
        { email, permissionLevel, brandIds: brands },
        ...sentBy(request),
      );
      sendPosition(reply, result);
      const granted = result.events.find((e) => e.type === 'PermissionGranted');
      return reply.status(201).send({
        slackUserId: granted?.data.userId ?? '',
        email: granted?.data.email ?? email,
        permissionLevel,
        brandIds: granted?.type === 'PermissionGranted' ? granted.data.brandIds : brands,
      });
    },
  );

  app.put(
    '/api/permissions/:userId',
    {
      schema: {
        params: userIdParamsSchema,
        body: changePermissionBodySchema,
        response: { 200: grantedPermissionSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const target = await findUser(app.db, request.params.userId, actor);
      const brandIds = brandsOf(request.body);
      const change = { permissionLevel: request.body.permissionLevel, ...(brandIds ? { brandIds } : {}) };
      const result = await app.commands.changePermission(target, change, actor, contextOf(request));
      const changed = result.events.find((e) => e.type === 'PermissionChanged');
      const now = changed?.type === 'PermissionChanged' ? changed.data : { ...change, brandIds: target.brandIds };
      // Sessions read the level live from the read model; ending them here closes the gap until it catches up.
      if (isReduction(target, now)) await deleteSessionsOf(app.db, target.email);
      sendPosition(reply, result);
      return {
        slackUserId: target.userId,
        email: target.email,
        permissionLevel: now.permissionLevel,
        brandIds: [...now.brandIds],
      };
    },
  );

  app.delete(
    '/api/permissions/:userId',
    { schema: { params: userIdParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const target = await findUser(app.db, request.params.userId, actor);
      const result = await app.commands.revokePermission(target, actor, contextOf(request));
      const [event] = result.events;
      if (
        event?.type === 'PermissionRevoked' ||
        (event?.type === 'PermissionChanged' && isReduction(target, event.data))
      ) {
        await deleteSessionsOf(app.db, target.email);
      }
      sendPosition(reply, result);
      return reply.status(204).send();
    },
  );
};

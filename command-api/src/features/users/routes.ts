import { grantedPermissionSchema, grantPermissionBodySchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, contextOf, sendPosition } from '../../shared/request-context';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/permissions',
    { schema: { body: grantPermissionBodySchema, response: { 201: grantedPermissionSchema } } },
    async (request, reply) => {
      const { email, permissionLevel, brandId, brandIds } = request.body;
      const brands = brandIds?.length ? brandIds : [brandId!];
      const result = await app.commands.grantPermission(
        { email, permissionLevel, brandIds: brands },
        actorOf(request),
        contextOf(request),
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
};

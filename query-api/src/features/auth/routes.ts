import { currentUserSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';

/** The signed-in person (spec 000 §7: GET /api/auth/user, also /api/user); 401 when signed out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/api/auth/user', '/api/user']) {
    app.get(url, { schema: { response: { 200: currentUserSchema } } }, async (request) => {
      const { id, email, firstName, lastName, profileImageUrl, level } = callerOf(request);
      return { id, email, firstName, lastName, profileImageUrl, permissionLevel: level };
    });
  }
};

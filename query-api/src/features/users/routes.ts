import { userPermissionListSchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { listUserPermissions } from './queries';

export interface UsersRoutesOptions {
  /** PROTECTED_USER_EMAILS, so the screen shows the Protected badge from the server's list. */
  readonly protectedEmails: readonly string[];
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  app.get('/api/permissions', { schema: { response: { 200: userPermissionListSchema } } }, async (request) => {
    const { brandIds } = callerOf(request);
    return listUserPermissions(app.db, {
      allBrands: brandIds === 'all',
      brandIds: brandIds === 'all' ? [] : brandIds,
      protectedEmails: options.protectedEmails,
    });
  });
};

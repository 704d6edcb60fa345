import { UnauthorizedError, type SessionUser } from '@dm/server-kit';
import type { FastifyRequest } from 'fastify';

/**
 * The signed-in person a read is for, read the same way on every route (as `actorOf` in the command API). The
 * policy plugin has refused anonymous calls already; this narrows the type, and still answers 401 should a route
 * ever be declared public by mistake.
 */
export const callerOf = (request: FastifyRequest): SessionUser => {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
};

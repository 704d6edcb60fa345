import { eventPositionHeader } from '@dm/events/http';
import { ValidationError } from '@dm/events';
import { UnauthorizedError } from '@dm/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandOptions } from './command-context';
import type { Actor } from './command';

export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw new UnauthorizedError();
  const { id, email, firstName, lastName, level, brandIds } = request.user;
  const name = [firstName, lastName].filter(Boolean).join(' ') || null;
  return { id, email, name, level, brandIds };
};

const versionPattern = /^(?:W\/)?"?(\d{1,18})"?$/;

/** The command id an `Idempotency-Key` names: the key, per person. Undefined without one. */
export const commandIdOf = (request: FastifyRequest): string | undefined => {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new ValidationError('Idempotency-Key must be 1 to 200 characters.');
  }
  return `${request.user?.id ?? 'anonymous'}:${key}`;
};

/** `If-Match: "3"` pins the stream version the caller saw; `Idempotency-Key` makes a retry safe. */
export const contextOf = (request: FastifyRequest): CommandOptions => {
  const ifMatch = request.headers['if-match'];
  let expectedVersion: bigint | undefined;
  if (ifMatch !== undefined) {
    const match = versionPattern.exec(String(ifMatch).trim());
    if (!match) throw new ValidationError('If-Match must be the version number you last saw, for example "3".');
    expectedVersion = BigInt(match[1]!);
  }
  const commandId = commandIdOf(request);
  return {
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
    ...(commandId === undefined ? {} : { commandId }),
    correlationId: request.id,
  };
};

/** Who sends a command from this request, and how: the two last arguments of every command handler. */
export const sentBy = (request: FastifyRequest) => [actorOf(request), contextOf(request)] as const;

/** Read-your-writes: the answer tells the client which log position its reads must wait for. */
export const sendPosition = (reply: FastifyReply, result: { position: bigint | null; version: bigint }) => {
  if (result.position !== null) reply.header(eventPositionHeader, result.position.toString());
  reply.header('etag', `"${result.version}"`);
};

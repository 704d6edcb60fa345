import { DomainError, type DomainErrorKind } from '@dm/events';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable';
import { HttpError } from './errors';

const describe = (error: FastifyError & { validation: { instancePath: string; message?: string }[] }) => {
  const where = error.validationContext ?? 'request';
  const problems = error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}: ${v.message ?? 'is invalid'}` : (v.message ?? 'is invalid');
  });
  // Messages may end with their own full stop; the sentence gets exactly one.
  return `Invalid ${where}: ${problems.join('; ').replace(/\.$/, '')}.`;
};

const statusOf: Record<DomainErrorKind, number> = { invalid: 400, forbidden: 403, 'not-found': 404, conflict: 409 };

const unavailableMessage = 'The database is not answering right now (it may be restarting). Try again in a moment.';
const internalMessage =
  'Something went wrong on our side. Please try again; if it keeps happening, tell an administrator.';

/** One error handler: every 4xx becomes `{ message }` a person can act on; 5xx is logged and its details hidden. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: describe(error) });
    }
    if (error instanceof DomainError) {
      return reply.status(statusOf[error.kind]).send({ message: error.message });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large…) carry a useful message.
      return reply.status(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ message: unavailableMessage });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: internalMessage });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
});

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

const internalMessage =
  'Something went wrong on our side. Please try again; if it keeps happening, tell an administrator.';

/** The router refuses such a path; the query is checked against the same rule (storable-text.ts). */
export const brokenEscapeMessage =
  'The address is not valid: a %-escape in it is broken or does not spell UTF-8 text. Check the link and try again.';

const answers: Readonly<Record<string, readonly [number, string]>> = {
  FST_ERR_BAD_URL: [400, brokenEscapeMessage],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long. Check the link and try again.'],
};

/**
 * The router's own refusals (an address it cannot decode, a parameter over its length) skip the error handler;
 * without this they answer with Fastify's codes and echo the address back (decision 0412).
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const answer = answers[error.code];
  if (!answer) {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send({ message: internalMessage });
    return;
  }
  void reply.status(answer[0]).send({ message: answer[1] });
};

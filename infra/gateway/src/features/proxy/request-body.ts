import type { IncomingMessage } from 'node:http';
import { bodyLimitFor, HttpError } from '@dm/server-kit';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const notJsonMessage = 'Send the request body as JSON, with the header Content-Type: application/json.';

const tooLarge = (url: string) => new HttpError(413, bodyLimitFor(url).message);
/** A parser error would make Fastify close the connection; a body read to its end over the limit needs no such thing. */
const overLimit = Symbol('body over the limit, read and discarded');

/** Collects a body up to the limit; past it, reads on to the end and discards, so the next request is read. */
const readWhole = (
  payload: IncomingMessage,
  limit: number,
  done: (error: Error | null, body?: Buffer | typeof overLimit) => void,
) => {
  const chunks: Buffer[] = [];
  let received = 0;
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) chunks.push(chunk);
  });
  payload.on('end', () => done(null, received > limit ? overLimit : Buffer.concat(chunks)));
  // The client went away mid-body: nobody is left to answer.
  payload.on('error', (error: Error & { statusCode?: number }) => done(Object.assign(error, { statusCode: 400 })));
};

/**
 * The edge reads a body whole before anything is proxied (decision 0410): only JSON, at most the services'
 * own limit. A chunked body is counted; once it ends over the limit, the answer is 413, on a connection that
 * stays open. A service therefore never meets a body it would refuse half-way, which used to leave the
 * client's connection hanging behind a 502.
 */
export const readBodiesAtTheEdge = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body === overLimit) throw tooLarge(request.url);
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (request, payload, done) =>
    readWhole(payload, bodyLimitFor(request.url).bytes, done),
  );
  // Scoped to the proxy: Fastify's own refusal of other content types, in words a person can act on.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code !== 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw error;
    return reply.status(415).send({ message: notJsonMessage });
  });
};

/**
 * Every gateway route, whatever its method: a declared length over the limit is answered 413 before anything
 * else, and Node discards the body as it arrives, so the connection stays usable (decision 0410).
 */
export const declaredBodyLimit = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request) => {
    if (Number(request.headers['content-length']) > bodyLimitFor(request.url).bytes) throw tooLarge(request.url);
  });
});

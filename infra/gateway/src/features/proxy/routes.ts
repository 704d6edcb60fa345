import replyFrom from '@fastify/reply-from';
import { NotFoundError } from '@dm/events';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { upstreamFor, type Upstream } from './upstream-rules';

export interface ProxyRoutesOptions {
  readonly publicUrl: string;
  readonly upstreams: Readonly<Record<Upstream, string>>;
}

const unavailable = 'The Discount Manager service behind the gateway is not answering. Try again in a moment.';

/** The client chain as the services should see it: what we trust of X-Forwarded-For, plus the peer. */
const forwardedFor = (request: FastifyRequest) => [...request.ips ?? [request.ip]].reverse().join(', ');

/**
 * Every other /api request goes, unchanged, to the service that answers it: method, path, query, headers
 * (cookies, Origin, Sec-Fetch-Site, If-Match, Idempotency-Key, X-Min-Position) and the body byte for byte.
 * The services authenticate, validate and enforce the policy table; the answer (status, headers such as
 * X-Event-Position and ETag, body) comes back as it is.
 */
export const proxyRoutes: FastifyPluginAsync<ProxyRoutesOptions> = async (app, options) => {
  const publicUrl = new URL(options.publicUrl);
  // No retries: reply-from re-sends a GET that got 503 up to ten times, so a service's quick "database
  // unavailable" reached the browser seconds later and each request hit the struggling service ten times.
  // The answer goes back as it is; the client decides when to try again.
  await app.register(replyFrom, { undici: { connections: 64, pipelining: 1 }, retryMethods: [] });

  // Encapsulated: only the proxy keeps bodies raw. The stream is piped to the service, which applies its
  // own JSON-only rule and size limit, so the gateway never re-encodes or second-guesses a body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.all('/api/*', { config: { passThrough: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const upstream = upstreamFor(request.method, path);
    if (!upstream) throw new NotFoundError(`No such endpoint: ${request.method} ${path}`);
    return reply.from(`${options.upstreams[upstream]}${request.url}`, {
      rewriteRequestHeaders: (_req, headers): IncomingHttpHeaders => ({
        ...headers,
        'x-forwarded-for': forwardedFor(request),
        'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
        'x-forwarded-host': publicUrl.host,
      }),
      onError: (proxied, { error }) => {
        proxied.request.log.warn({ err: error }, 'upstream request failed');
        void proxied.status(502).send({ message: unavailable });
      },
    });
  });
};

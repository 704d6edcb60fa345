import replyFrom from '@fastify/reply-from';
import { NotFoundError } from '@dm/events';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { readBodiesAtTheEdge } from './request-body';
import { upstreamFor, type Upstream } from './upstream-rules';

export interface ProxyRoutesOptions {
  readonly publicUrl: string;
  /** Each service's replicas; requests go to them in turn (round robin). */
  readonly upstreams: Readonly<Record<Upstream, readonly string[]>>;
}

const unavailable = 'The Discount Manager service behind the gateway is not answering. Try again in a moment.';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, not the message: the client's are not the
 * upstream's (the gateway frames the body it read itself, and undici refuses several of these outright), and a
 * service closing its connection to the gateway must not close the client's.
 */
const hopByHop = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
];
const withoutHopByHop = <H extends Record<string, unknown>>(headers: H): H => {
  const kept = { ...headers };
  for (const name of hopByHop) delete kept[name];
  return kept;
};

/** The client chain as the services should see it: what we trust of X-Forwarded-For, plus the peer. */
const forwardedFor = (request: FastifyRequest) => [...(request.ips ?? [request.ip])].reverse().join(', ');

/**
 * Every other /api request goes to the service that answers it: method, path, query, headers (cookies,
 * Origin, Sec-Fetch-Site, If-Match, Idempotency-Key, X-Min-Position) and the body byte for byte, once the
 * gateway has read it whole (request-body.ts). The services authenticate, validate and enforce the policy
 * table; the answer (status, headers such as X-Event-Position and ETag, body) comes back as it is.
 */
export const proxyRoutes: FastifyPluginAsync<ProxyRoutesOptions> = async (app, options) => {
  const publicUrl = new URL(options.publicUrl);
  // No retries: reply-from re-sends a GET that got 503 up to ten times, so a service's quick "database
  // unavailable" reached the browser seconds later and each request hit the struggling service ten times.
  // The answer goes back as it is; the client decides when to try again.
  await app.register(replyFrom, { undici: { connections: 64, pipelining: 1 }, retryMethods: [] });
  readBodiesAtTheEdge(app);
  const turns: Record<Upstream, number> = { command: 0, query: 0 };
  const nextReplica = (upstream: Upstream) => {
    const replicas = options.upstreams[upstream];
    turns[upstream] = (turns[upstream] + 1) % replicas.length;
    return replicas[turns[upstream]];
  };

  app.all('/api/*', { config: { passThrough: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const upstream = upstreamFor(request.method, path);
    if (!upstream) throw new NotFoundError(`No such endpoint: ${request.method} ${path}`);
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    const safe = request.method === 'GET' || request.method === 'HEAD';
    const send = (replicasLeft: number): typeof reply =>
      reply.from(`${nextReplica(upstream)}${request.url}`, {
        // As read: reply-from would re-encode a JSON body otherwise.
        ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/json' } : {}),
        rewriteHeaders: (headers) => withoutHopByHop(headers),
        rewriteRequestHeaders: (_req, headers): IncomingHttpHeaders => {
          const forwarded = withoutHopByHop(headers);
          if (!body) delete forwarded['content-length'];
          return {
            ...forwarded,
            'x-forwarded-for': forwardedFor(request),
            'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
            'x-forwarded-host': publicUrl.host,
          };
        },
        onError: (proxied, { error }) => {
          proxied.request.log.warn({ err: error }, 'upstream request failed');
          // A replica that is down takes no request: the next one does. A change goes elsewhere only when it
          // never reached the replica (refused connection), so it is never done twice.
          if (replicasLeft > 1 && (neverReached(error) || (safe && cutOff(error)))) return void send(replicasLeft - 1);
          void proxied.status(502).send({ message: unavailable });
        },
      });
    return send(options.upstreams[upstream].length);
  });
};

const codeOf = (error: unknown): string | undefined => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  const causeCode = (cause ?? {}) as { code?: unknown };
  return typeof causeCode.code === 'string' ? causeCode.code : typeof code === 'string' ? code : undefined;
};
const neverReached = (error: unknown) => ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT'].includes(codeOf(error) ?? '');
const cutOff = (error: unknown) => ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(codeOf(error) ?? '');

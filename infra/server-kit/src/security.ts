import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '@dm/events';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * helmet's headers for these options, worked out once: with no directive computed per request (no nonce) they are
 * the same on every answer, and setting them on the reply as one object costs a fraction of helmet's eleven
 * `setHeader` calls on each request (decision 1550).
 */
const securityHeadersOf = (secure: boolean): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined, // X-Powered-By, which Fastify never sets
  };
  let failed: unknown;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Over plain HTTP (local), upgrading would break every request.
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    hsts: secure,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => void (failed = error));
  if (failed) throw failed instanceof Error ? failed : new Error('helmet refused its options');
  return headers;
};

/**
 * Security headers on every answer; CSRF: a state-changing request must come from our own origin
 * (browsers send `Origin` and `Sec-Fetch-Site` on these); bodies must be JSON (text/plain is a
 * classic CSRF vector since it needs no preflight).
 */
export const security = fp(async (app: FastifyInstance, options: { allowedOrigins: readonly string[] }) => {
  const secure = options.allowedOrigins.every((o) => o.startsWith('https:'));
  const securityHeaders = securityHeadersOf(secure);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  app.removeContentTypeParser('text/plain');

  const allowed = new Set(options.allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site === 'same-origin') return;
    if (typeof origin === 'string' && allowed.has(origin)) return;
    throw new ForbiddenError('This change was refused because it did not come from the Discount Manager page itself.');
  });
});

import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '@dm/events';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every answer; CSRF: a state-changing request must come from our own origin
 * (browsers send `Origin` and `Sec-Fetch-Site` on these); bodies must be JSON (text/plain is a
 * classic CSRF vector since it needs no preflight).
 */
export const security = fp(async (app: FastifyInstance, options: { allowedOrigins: readonly string[] }) => {
  const secure = options.allowedOrigins.every((o) => o.startsWith('https:'));
  // Built once: @fastify/helmet rebuilds helmet's middleware on every request (14% of a request's CPU).
  const setSecurityHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
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

import { projectionsCaughtUpTo, type ProjectionRef } from '@dm/event-store';
import { minPositionHeader } from '@dm/events/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const maxWaitMs = 2000;
const pollMs = 15;
const positionPattern = /^\d{1,18}$/;

/**
 * ARCHITECTURE §1: a read carrying `x-min-position` waits (≤ 2 s) until the projections have passed that
 * position, so the UI never shows data older than its own last write. After the wait it answers anyway.
 */
export const readYourWrites = fp(async (app: FastifyInstance, options: { projections?: readonly ProjectionRef[] }) => {
  app.addHook('preHandler', async (request) => {
    const raw = request.headers[minPositionHeader];
    if (typeof raw !== 'string' || !positionPattern.test(raw)) return;
    const position = BigInt(raw);
    const deadline = Date.now() + maxWaitMs;
    while (!(await projectionsCaughtUpTo(app.db, position, options.projections))) {
      if (Date.now() >= deadline) {
        request.log.warn({ position: raw }, 'read-your-writes wait timed out');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  });
});

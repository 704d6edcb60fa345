import { projectionsCaughtUpTo } from '@dm/event-store';
import { minPositionHeader } from '@dm/events/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';

const maxWaitMs = 2000;
const pollMs = 15;
const positionPattern = /^\d{1,18}$/;

/**
 * A read the command API answers from `rm.*` (the pre-flight, the preview) waits, as the query API's reads do
 * (ARCHITECTURE §1), at most 2 s until the projections have passed the caller's `x-min-position`: a preview asked
 * right after a link shows the link. After the wait it answers anyway.
 */
export const waitForCallerPosition = async (db: pg.Pool, request: FastifyRequest): Promise<void> => {
  const raw = request.headers[minPositionHeader];
  if (typeof raw !== 'string' || !positionPattern.test(raw)) return;
  const deadline = Date.now() + maxWaitMs;
  while (!(await projectionsCaughtUpTo(db, BigInt(raw)))) {
    if (Date.now() >= deadline) {
      request.log.warn({ position: raw }, 'read-your-writes wait timed out');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

/**
 * For a feature whose commands check against `rm.*` (the catalog, the stores, a code's row, a user's grants):
 * each of its requests first waits for the caller's `x-min-position`, so a check made right after the caller's
 * own write sees it (the mark before the create; issue 25's API check met that race).
 */
export const readAfterCallerWrites = (app: FastifyInstance): void => {
  app.addHook('preHandler', async (request) => waitForCallerPosition(app.db, request));
};

import { signInAnswerSchema, signInBodySchema } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NoAccessError } from '../users/decider';

const headersSchema = z.object({ 'x-correlation-id': z.string().min(1).max(200).optional() });

/**
 * Sign-in bookkeeping for the gateway (a `service` route: the service token, never a browser). The write
 * model decides who may sign in; a refusal is recorded too, and its failure never hides the answer.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/internal/sign-ins',
    { schema: { headers: headersSchema, body: signInBodySchema, response: { 200: signInAnswerSchema } } },
    async (request) => {
      const correlationId = request.headers['x-correlation-id'] ?? request.id;
      try {
        const result = await app.commands.recordSignIn(request.body, { correlationId });
        const signedIn = result.events.find((e) => e.type === 'UserSignedIn');
        if (!signedIn) throw new Error('recordSignIn appended no UserSignedIn');
        return { outcome: 'signed-in' as const, userId: signedIn.data.userId };
      } catch (error) {
        if (!(error instanceof NoAccessError)) throw error;
        await app.commands
          .recordSignInRefusal(request.body.email, 'no permission row', { correlationId })
          .catch((cause: unknown) => request.log.error({ err: cause }, 'recording the sign-in refusal failed'));
        request.log.info('sign-in refused: no permission row');
        return { outcome: 'no-access' as const };
      }
    },
  );
};

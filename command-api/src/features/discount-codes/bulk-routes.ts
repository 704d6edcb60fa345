import { PassThrough } from 'node:stream';
import { DomainError } from '@dm/events';
import {
  discountIdParamsSchema,
  errorBodySchema,
  eventPositionHeader,
  generateCodesBodySchema,
  generatedCodesAnswerSchema,
  importCodesBodySchema,
  streamedResponse,
  type ImportProgressLine,
} from '@dm/events/http';
import { fileBodyLimitBytes, fileTooLargeMessage } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentBy } from '../../shared/request-context';

/** Progress lines at most this often: a 100,000-row import reads its ledger in a few dozen steps anyway. */
const progressEveryMs = 200;

/**
 * Codes in bulk (issue 12 'Beyond the spec'; docs/decisions/1140-codes-import-export-generate.md): a CSV import
 * that streams its progress, and codes generated from a pattern. Every level, the caller's brands, like adding.
 */
export const bulkCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/discounts/:id/codes/import',
    {
      bodyLimit: fileBodyLimitBytes,
      schema: {
        params: discountIdParamsSchema,
        body: importCodesBodySchema,
        response: {
          200: streamedResponse('Progress lines, then one line with the outcome (done or failed), as JSON per line.', [
            'application/x-ndjson',
          ]),
          413: errorBodySchema,
        },
      },
      // Sent again with its Idempotency-Key, a finished import answers its lines again; a failed one runs anew.
      config: {
        answerSucceeded: (body: string) => body.trimEnd().split('\n').at(-1)?.startsWith('{"type":"done"') ?? false,
      },
      errorHandler: (error, _request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        void reply.status(413).send({ message: fileTooLargeMessage });
      },
    },
    async (request, reply) => {
      // Every refusal (bad file, foreign or ended discount, wrong stores) is a 4xx here, before the first line.
      const importing = await app.commands.prepareCodesImport(request.params.id, request.body, ...sentBy(request));
      const lines = new PassThrough();
      const send = (line: ImportProgressLine) => lines.write(`${JSON.stringify(line)}\n`);
      let last = 0;
      void importing
        .run((phase, done, total) => {
          const now = Date.now();
          if (done < total && now - last < progressEveryMs) return;
          last = now;
          send({ type: 'progress', phase, done, total });
        })
        .then(
          ({ result, position }) => send({ type: 'done', result, position: position?.toString() ?? null }),
          (error: unknown) => {
            request.log.error({ err: error }, 'codes import failed');
            const message =
              error instanceof DomainError
                ? error.message
                : 'The import failed on our side and nothing was added. Try again; if it keeps happening, tell an administrator.';
            send({ type: 'failed', message });
          },
        )
        .finally(() => lines.end());
      return reply
        .status(200)
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(lines);
    },
  );

  app.post(
    '/api/discounts/:id/codes/generate',
    {
      schema: {
        params: discountIdParamsSchema,
        body: generateCodesBodySchema,
        response: { 201: generatedCodesAnswerSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { answer, position } = await app.commands.generateDiscountCodes(
        request.params.id,
        request.body,
        ...sentBy(request),
      );
      if (position !== null) reply.header(eventPositionHeader, position.toString());
      return reply.status(201).send(answer);
    },
  );
};

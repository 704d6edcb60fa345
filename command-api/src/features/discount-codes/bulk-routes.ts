import { createHash, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ConflictError } from '@dm/events';
import {
  discountIdParamsSchema,
  errorBodySchema,
  eventPositionHeader,
  generateCodesBodySchema,
  generatedCodesAnswerSchema,
  importCodesBodySchema,
  streamedResponse,
} from '@dm/events/http';
import { fileBodyLimitBytes, fileTooLargeMessage } from '@dm/server-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentBy } from '../../shared/request-context';
import { followImportJob } from './import-job-follow';
import { importLostMessage } from './import-job-runner';

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
          409: errorBodySchema,
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
      const [actor, options] = sentBy(request);
      await app.commands.prepareCodesImport(request.params.id, request.body, actor, options);
      // Then the import is a job (decision 1485): recorded first, so a replica dying mid-way does not cut it.
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([request.params.id, request.body.stores, request.body.csv]))
        .digest('hex');
      const job = await app.importJobs.jobs.record({
        id: randomUUID(),
        fingerprint,
        commandId: options.commandId ?? randomUUID(),
        discountId: request.params.id,
        storeIds: request.body.stores,
        csv: request.body.csv,
        actor,
        correlationId: options.correlationId ?? request.id,
      });
      if (job.fingerprint !== fingerprint) {
        throw new ConflictError(
          'This Idempotency-Key was already used for another import. Open the form again to send it anew.',
        );
      }
      const lines = new PassThrough();
      void followImportJob(app.importJobs, job.id, (line) => lines.write(`${JSON.stringify(line)}\n`))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'codes import not followed');
          lines.write(`${JSON.stringify({ type: 'failed', message: importLostMessage })}\n`);
        })
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

import { ForbiddenError, NotFoundError } from '@dm/events';
import {
  codeSyncStatusSchema,
  idParamsSchema,
  syncedCodesPageSchema,
  syncedCodesQuerySchema,
  syncedCodeStatsQuerySchema,
  syncedCodeStatsSchema,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { codeReadsBeside } from './page';
import { codeSyncStatus, listSyncedCodes, storesInScope, syncedCodeStats } from './queries';

/** Code sync status and the synced-codes browser (spec 000 §7), bounded by the caller's brands. */
export const codeSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = codeReadsBeside(app.db, (error) => app.log.warn({ err: error }, 'synced-codes connection lost'));
  app.addHook('onClose', () => reads.end());

  app.get(
    '/api/stores/:id/code-sync/status',
    { schema: { params: idParamsSchema, response: { 200: codeSyncStatusSchema } } },
    async (request) => {
      const status = await codeSyncStatus(app.db, request.params.id, callerOf(request).brandIds);
      if (!status) throw new NotFoundError(`Store ${request.params.id} was not found. Choose one of your stores.`);
      return status;
    },
  );

  app.get(
    '/api/synced-codes',
    { schema: { querystring: syncedCodesQuerySchema, response: { 200: syncedCodesPageSchema } } },
    async (request) => {
      const page = await listSyncedCodes(reads, callerOf(request).brandIds, request.query);
      // A store outside the caller's brands (or outside the chosen brand) is refused, not shown as empty.
      if (!page) throw new ForbiddenError(`You do not have access to store ${request.query.storeId}.`);
      return page;
    },
  );

  app.get(
    '/api/synced-codes/stats',
    { schema: { querystring: syncedCodeStatsQuerySchema, response: { 200: syncedCodeStatsSchema } } },
    async (request) =>
      syncedCodeStats(
        app.db,
        await storesInScope(app.db, callerOf(request).brandIds, { brandId: request.query.brandId }),
      ),
  );
};

import { Readable } from 'node:stream';
import { NotFoundError } from '@dm/events';
import { discountIdParamsSchema, streamedResponse } from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { discountCodesCsv } from './export-codes';
import { findDiscount } from './queries';

/** The file's name: the discount's name in letters, digits and dashes. */
const fileNameOf = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'discount'
  }-codes.csv`;

/** GET /api/discounts/:id/codes/export: the discount's codes as a CSV download, streamed (issue 12). */
export const discountCodesExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = {
    200: streamedResponse("The discount's codes as a CSV file, one row per code and store.", ['text/csv']),
  };
  app.get(
    '/api/discounts/:id/codes/export',
    { schema: { params: discountIdParamsSchema, response } },
    async (request, reply) => {
      const discount = await findDiscount(app.pipelined, callerOf(request).brandIds, request.params.id);
      if (!discount) throw new NotFoundError('This discount was not found.');
      const { rows } = await app.pipelined.query<{ name: string }>({
        text: 'SELECT name FROM rm.discounts WHERE id = $1',
        values: [discount.id],
      });
      const file = Readable.from(discountCodesCsv(app.db, discount.id));
      file.on('error', (error) => request.log.error({ err: error }, 'codes export failed mid-file'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNameOf(rows[0]?.name ?? '')}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};

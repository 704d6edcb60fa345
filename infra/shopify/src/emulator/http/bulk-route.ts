import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Faults } from '../faults';
import { bulkFileOf, type ShopRuntime } from '../shops';

const paramsSchema = z.object({ slug: z.string().min(1), file: z.string().regex(/^\d+\.jsonl$/) });

/** Serves bulk operation results as Shopify's signed URLs would: no token, `application/jsonl` (reference §8.4). */
export const registerBulkRoute = (
  app: FastifyInstance,
  deps: { readonly shop: (slug: string) => ShopRuntime | null; readonly bulkDir: string; readonly faults: Faults },
): void => {
  app.get('/bulk/:slug/:file', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const shop = params.success ? deps.shop(params.data.slug) : null;
    if (!params.success || !shop) return reply.code(404).send({ errors: 'Not Found' });
    const id = Number(params.data.file.replace('.jsonl', ''));
    const op = shop.services.bulkOperations.get(id);
    if (!op || op.status !== 'COMPLETED') return reply.code(404).send({ errors: 'Not Found' });
    const file = bulkFileOf(deps.bulkDir, params.data.slug, id);
    const size = statSync(file).size;
    const truncate = deps.faults.take(['truncate-jsonl'], params.data.slug, op.query);
    // A cut in the middle of the file, so the last line is incomplete: what a dropped download leaves.
    const end = truncate ? Math.max(1, Math.floor(size / 2)) : size;
    reply.header('content-type', 'application/jsonl').header('content-length', String(end));
    return reply.send(createReadStream(file, { start: 0, end: end - 1 }));
  });
};

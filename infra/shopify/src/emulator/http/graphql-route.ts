import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CallLog } from '../call-log';
import type { Clock } from '../clock';
import type { Faults } from '../faults';
import { runGraphql } from '../graphql/pipeline';
import { bucketOf, type ShopRuntime } from '../shops';

const bodySchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});
const paramsSchema = z.object({ version: z.string().regex(/^(\d{4}-\d{2}|unstable)$/) });

export const invalidTokenBody = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};

export interface GraphqlRouteDeps {
  readonly shopFor: (request: FastifyRequest) => ShopRuntime | null;
  readonly clock: Clock;
  readonly faults: Faults;
  readonly callLog: CallLog;
  readonly held: Set<NodeJS.Timeout>;
  /** Added to every answer: a real store answers in a few hundred milliseconds, the emulator in one. */
  readonly callLatencyMs: number;
}

/** `POST /admin/api/:version/graphql.json` (reference §1, §12.1). */
export const registerGraphqlRoute = (app: FastifyInstance, deps: GraphqlRouteDeps): void => {
  app.post('/admin/api/:version/graphql.json', async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.callLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.callLatencyMs));
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ errors: 'Not Found' });
    reply.header('X-Shopify-API-Version', params.data.version);
    const shop = deps.shopFor(request);
    if (!shop) return reply.code(404).send({ errors: 'Not Found' });
    const slug = shop.state.identity.slug;
    const token = request.headers['x-shopify-access-token'];
    const scopes = typeof token === 'string' ? shop.scopesByToken.get(token) : undefined;
    if (typeof token !== 'string' || !scopes) return reply.code(401).send(invalidTokenBody);
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    const { query } = body.data;
    const log = (
      status: number,
      outcome: Parameters<CallLog['record']>[0]['outcome'],
      extra: Partial<Parameters<CallLog['record']>[0]> = {},
    ) =>
      deps.callLog.record({
        at: deps.clock.now(),
        shop: slug,
        operation: null,
        rootFields: [],
        codes: [],
        status,
        outcome,
        requestedQueryCost: null,
        actualQueryCost: null,
        ...extra,
      });

    const fault = deps.faults.take(
      ['server-error', 'timeout', 'reset', 'lose-answer', 'duplicate-page', 'throttle'],
      slug,
      query,
    );
    if (fault?.kind === 'server-error') {
      log(fault.status ?? 502, 'fault:server-error');
      return reply
        .code(fault.status ?? 502)
        .type('text/html')
        .send('<html><body>Bad Gateway</body></html>');
    }
    if (fault?.kind === 'reset' || fault?.kind === 'timeout') {
      log(0, `fault:${fault.kind}`);
      reply.hijack();
      const drop = () => request.raw.socket.destroy();
      if (fault.kind === 'reset') drop();
      else {
        const timer = setTimeout(() => {
          deps.held.delete(timer);
          drop();
        }, fault.holdMs ?? 30_000);
        deps.held.add(timer);
      }
      return reply;
    }
    const previous = shop.lastAnswers.get(query);
    if (fault?.kind === 'duplicate-page' && previous) {
      log(200, 'fault:duplicate-page');
      return reply.code(200).send(previous);
    }
    const bucket = bucketOf(shop, token, deps.clock);
    if (fault?.kind === 'throttle') bucket.setLevel(0);
    const executed = await runGraphql({
      shop: shop.state,
      services: shop.services,
      bucket,
      scopes,
      now: deps.clock.now(),
      query,
      variables: body.data.variables ?? {},
    });
    const cost = executed.body.extensions.cost;
    const codes = executed.body.errors?.map((e) => e.extensions?.code) ?? [];
    const lost = fault?.kind === 'lose-answer';
    log(
      200,
      lost ? 'fault:lose-answer' : codes.includes('THROTTLED') ? 'throttled' : codes.length > 0 ? 'error' : 'ok',
      {
        operation: executed.operation,
        rootFields: executed.rootFields,
        codes: executed.codes,
        requestedQueryCost: cost.requestedQueryCost,
        actualQueryCost: cost.actualQueryCost,
      },
    );
    if (lost) {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (executed.operation === 'query' && !codes.length) shop.lastAnswers.set(query, executed.body);
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(executed.body);
  });
};

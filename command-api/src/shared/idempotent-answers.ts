import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ConflictError } from '@dm/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotentAnswersStore, leaseSeconds, type StoredAnswer } from './idempotent-answers-store';
import { commandIdOf } from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A streamed answer is kept only when its whole body says the command succeeded (default: any 2xx). */
    answerSucceeded?: (body: string) => boolean;
  }
  interface FastifyRequest {
    idempotentClaim?: Claim;
  }
}

interface Claim {
  readonly key: string;
  readonly renewal: NodeJS.Timeout;
  settled: boolean;
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The headers an answer is given again with; the rest belong to the connection or the moment. */
const replayedHeaders = ['content-type', 'etag', 'x-event-position', 'location', 'cache-control'];
const pruneEveryMs = 60 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method}\u0000${request.url}\u0000${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

const replay = (reply: FastifyReply, answer: StoredAnswer & { status: number }) =>
  reply
    .status(answer.status)
    .headers({ ...answer.headers, 'idempotent-replayed': 'true' })
    .send(answer.body ?? undefined);

/**
 * A command sent again with its Idempotency-Key answers what the first one answered and appends nothing
 * (decision 1330): the first request claims the key, runs and stores its 2xx answer; a second one with the same
 * key waits while the first is in flight, then gives its answer. A failed request releases the key, so the person
 * can correct the form and send it again with the same key. Keys are per person, like the command ids.
 */
export const idempotentAnswers = (app: FastifyInstance) => {
  const store = idempotentAnswersStore(app.pipelined);
  let prunedAt = 0;

  const settle = async (request: FastifyRequest, outcome: () => Promise<void>) => {
    const claim = request.idempotentClaim;
    if (!claim || claim.settled) return;
    claim.settled = true;
    clearInterval(claim.renewal);
    try {
      await outcome();
    } catch (error) {
      // The command's own outcome stands; without the stored answer a retry runs the command again.
      request.log.warn({ err: error }, 'idempotent answer not stored');
    }
  };

  app.addHook('preHandler', async (request, reply) => {
    const key = commandIdOf(request);
    if (key === undefined || !stateChanging.has(request.method)) return;
    if (Date.now() - prunedAt > pruneEveryMs) {
      prunedAt = Date.now();
      store.prune().catch((err: unknown) => request.log.warn({ err }, 'pruning idempotent answers failed'));
    }
    const fingerprint = fingerprintOf(request);
    for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
      if (await store.claim(key, fingerprint)) {
        const renewal = setInterval(
          () => {
            store.renew(key).catch((err: unknown) => request.log.warn({ err }, 'idempotency lease not renewed'));
          },
          (leaseSeconds * 1000) / 3,
        );
        renewal.unref();
        request.idempotentClaim = { key, renewal, settled: false };
        // A request that ends without an answer of its own (the client went away mid-way) frees its key.
        reply.raw.once('close', () => void settle(request, () => store.release(key)));
        return;
      }
      const stored = await store.read(key);
      if (stored && stored.fingerprint !== fingerprint) {
        throw new ConflictError(
          'This Idempotency-Key was already used for a different request. Open the form again to send it anew.',
        );
      }
      if (stored?.status != null) return replay(reply, { ...stored, status: stored.status });
      // The first request with this key is still in flight (or just released it): look again shortly.
      await sleep(wait);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotentClaim;
    if (!claim || claim.settled) return payload;
    const status = reply.statusCode;
    if (status < 200 || status >= 300) {
      await settle(request, () => store.release(claim.key));
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of replayedHeaders) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (!(payload instanceof Readable)) {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      await settle(request, () => store.answer(claim.key, status, headers, body));
      return payload;
    }
    // A streamed answer (an import's progress) is kept once it is whole, before its end reaches the client.
    const chunks: Buffer[] = [];
    const succeeded = request.routeOptions.config.answerSucceeded ?? (() => true);
    const keep = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done(null, chunk);
      },
      flush(done) {
        const body = Buffer.concat(chunks).toString('utf8');
        void settle(request, () =>
          succeeded(body) ? store.answer(claim.key, status, headers, body) : store.release(claim.key),
        ).then(() => done());
      },
    });
    return payload.pipe(keep);
  });
};

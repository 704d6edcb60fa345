import fc from 'fast-check';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCases, validRequest } from './support/fuzz-raw';
import { badRequests, type BadRequest, type Caller } from './support/fuzz-requests';
import { routesUnderTest, type RouteUnderTest } from './support/fuzz-routes';
import { rawExchange, type RawResponse } from './support/raw-http';
import { startWholeStack, type WholeStack } from './support/whole-stack';

/**
 * Issue 15 §1: the whole stack through the gateway on a real port, driven by keep-alive clients with generated
 * malformed requests for every route of the policy table (decision 0414). Each must be refused within 2 s
 * with a 4xx `{ message }` that shows no internals; the valid request sent right after it on the same client
 * must be answered; and the event log must not have grown.
 */
const seed = Number(process.env.FUZZ_SEED ?? 15_0001);
const perStateChangingRoute = 1000;
const perRead = 200;
/** Raw-socket cases: bodies over the limit with the next request behind them, and broken framing. */
const rawRuns = 300;
const deadlineMs = 2000;
/** Keep-alive clients working at once, each on its share of the routes. */
const clients = 3;

const internals = [
  /\n\s+at \S/, // a stack frame
  /node_modules|file:\/\/|\.[cm]?[jt]s:\d+/, // source locations
  /violates|duplicate key|syntax error at or near|invalid byte sequence|unsupported Unicode escape|invalid input syntax|relation "|column "/, // PostgreSQL
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|UND_ERR|FST_ERR/, // transport and framework codes
];

interface Outcome {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly ms: number;
}

const send = async (
  client: Client,
  request: Omit<BadRequest, 'kind'>,
): Promise<Outcome | { error: string; ms: number }> => {
  const started = performance.now();
  try {
    const response = await client.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: request.body?.() ?? null,
    });
    const text = await response.body.text();
    const contentType = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, contentType, text, ms: performance.now() - started };
  } catch (error) {
    return {
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      ms: performance.now() - started,
    };
  }
};

/** What is wrong with the answer to a bad request, or null. */
const problemWithRefusal = (outcome: Omit<Outcome, 'ms'>) => {
  if (outcome.status < 400 || outcome.status > 499) return `status ${outcome.status}`;
  if (!outcome.contentType.startsWith('application/json')) return `content type ${outcome.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return 'a body that is not JSON';
  }
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  const message = (body as { message?: unknown }).message;
  if (keys.length !== 1 || typeof message !== 'string' || message.trim() === '')
    return 'a body that is not { message }';
  const leak = internals.find((pattern) => pattern.test(message));
  return leak ? `internals in the message (${String(leak)})` : null;
};

interface Tally {
  requests: number;
  malformed: number;
  worstMs: number;
  worstWhat: string;
  readonly byKind: Map<string, number>;
  readonly failures: string[];
  failureCount: number;
}

let stack: WholeStack;
let caller: Caller;
let eventsBefore: number;

const eventCount = async () => {
  const { rows } = await stack.database!.pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
  return Number(rows[0]!.n);
};

/** The seed's imports may still be appending: wait until the log stands still before counting. */
const settledEventCount = async () => {
  let previous = await eventCount();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await eventCount();
    if (now === previous) return now;
    previous = now;
  }
};

beforeAll(async () => {
  stack = await startWholeStack();
  caller = { origin: stack.url, cookie: await stack.signIn('super@demo.test') };
  eventsBefore = await settledEventCount();
}, 120_000);
afterAll(async () => stack?.stop());

/** The valid request after each bad one: answered by the gateway itself, so it costs little. */
const probe = { method: 'GET', path: '/healthz', headers: {} };
/** After each route's requests, a signed-in read through the proxy: the session and the services are intact. */
const signedInProbe = () => ({ method: 'GET', path: '/api/auth/user', headers: { cookie: caller.cookie } });

const runRoutes = async (routes: readonly RouteUnderTest[], tally: Tally, connections: { opened: number }) => {
  // The gateway's own address: no name lookup for each of the connections the refusals close.
  const client = new Client(stack.url.replace('localhost', '127.0.0.1'), {
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  client.on('connect', () => connections.opened++);
  const seen = new Set<string>();
  /** One example per route, kind and problem: the list stays readable when one defect repeats. */
  const fail = (sort: string, what: string) => {
    tally.failureCount++;
    if (seen.has(sort) || seen.size >= 40) return;
    seen.add(sort);
    tally.failures.push(what);
  };
  const timed = (ms: number, sort: string, what: string) => {
    if (ms > tally.worstMs) Object.assign(tally, { worstMs: ms, worstWhat: what });
    if (ms > deadlineMs) fail(`${sort} slow`, `${what}: answered after ${Math.round(ms)} ms`);
  };
  try {
    for (const route of routes) {
      const count = route.changesState ? perStateChangingRoute : perRead;
      const requests = fc.sample(badRequests(route, caller), {
        seed: seed + routesUnderTest.indexOf(route),
        numRuns: count,
      });
      for (const request of requests) {
        const what = `${route.key} [${request.kind}] ${request.method} ${request.path.slice(0, 120)}`;
        const sort = `${route.key} [${request.kind}]`;
        const refused = await send(client, request);
        tally.requests++;
        tally.malformed++;
        tally.byKind.set(request.kind, (tally.byKind.get(request.kind) ?? 0) + 1);
        timed(refused.ms, sort, what);
        if ('error' in refused) fail(`${sort} no answer`, `${what}: no answer (${refused.error})`);
        else {
          const problem = problemWithRefusal(refused);
          if (problem) fail(`${sort} ${problem.split(' (')[0]}`, `${what}: ${problem}: ${refused.text.slice(0, 200)}`);
        }
        const next = await send(client, probe);
        tally.requests++;
        timed(next.ms, `${sort} next`, `the request after ${what}`);
        if ('error' in next) fail(`${sort} next no answer`, `the request after ${what}: no answer (${next.error})`);
        else if (next.status !== 200) fail(`${sort} next status`, `the request after ${what}: status ${next.status}`);
      }
      const me = await send(client, signedInProbe());
      tally.requests++;
      if ('error' in me || me.status !== 200 || !me.text.includes('"super@demo.test"')) {
        fail(
          `${route.key} signed-in read`,
          `signed-in read after ${route.key}: ${'error' in me ? me.error : me.status}`,
        );
      }
    }
  } finally {
    await client.close();
  }
};

describe('The generators', () => {
  it('should start from bodies each route accepts, so that a bad header or id is all that is wrong', () => {
    const withBodies = routesUnderTest.filter((route) => route.body);
    expect(withBodies.length).toBeGreaterThan(0);
    for (const route of withBodies)
      expect(route.body!.schema.safeParse(route.body!.valid).error, route.key).toBeUndefined();
  });
});

describe('When a client writes what no client library sends, straight on the socket', () => {
  it('should refuse it with 4xx { message }, then answer the next request on that connection or say Connection: close', async () => {
    const port = Number(new URL(stack.url).port);
    const changes = routesUnderTest.filter((route) => route.changesState);
    const cases = fc.sample(rawCases(caller, changes), { seed, numRuns: rawRuns });
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    let worstMs = 0;
    let closes = 0;
    for (const { kind, pieces } of cases) {
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const exchange = await rawExchange(port, pieces, 2);
      worstMs = Math.max(worstMs, exchange.ms);
      const [refusal, next] = exchange.responses as [RawResponse?, RawResponse?];
      const problem = refusal
        ? problemWithRefusal({
            status: refusal.status,
            contentType: refusal.headers['content-type'] ?? '',
            text: refusal.body,
          })
        : 'no answer';
      const saidClose = refusal?.headers.connection === 'close';
      if (saidClose) {
        closes++;
        const fresh = await rawExchange(port, [validRequest], 1);
        if (fresh.responses[0]?.status !== 200)
          failures.push(`${kind}: a new connection after the close got no answer`);
      } else if (next?.status !== 200) {
        failures.push(
          `${kind}: the next request on the connection got ${next ? `status ${next.status}` : 'no answer'}${exchange.closed ? ' (closed without saying so)' : ''}`,
        );
      }
      if (problem) failures.push(`${kind}: ${problem}: ${refusal?.body.slice(0, 200) ?? ''}`);
      if (exchange.ms > deadlineMs) failures.push(`${kind}: took ${Math.round(exchange.ms)} ms`);
    }
    const after = await eventCount();
    console.log(
      `raw-socket cases (seed ${seed}): ${cases.length}, ${closes} answered with Connection: close, the rest followed by ` +
        `a request answered on the same connection; worst ${Math.round(worstMs)} ms; events before ${eventsBefore}, after ${after}\n` +
        `by kind: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
    );
    expect([...new Set(failures)]).toEqual([]);
    expect(after).toBe(eventsBefore);
  }, 120_000);
});

describe('When clients send malformed requests to every route through the gateway', () => {
  it('should refuse each within 2 s with 4xx { message }, change nothing, and answer the next request', async () => {
    const tally: Tally = {
      requests: 0,
      malformed: 0,
      worstMs: 0,
      worstWhat: '',
      byKind: new Map(),
      failures: [],
      failureCount: 0,
    };
    const connections = { opened: 0 };
    const shares = Array.from({ length: clients }, (_, i) => routesUnderTest.filter((_, j) => j % clients === i));
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(shares.map((routes) => runRoutes(routes, tally, connections)));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const after = await eventCount();

    const changing = routesUnderTest.filter((r) => r.changesState).length;
    console.log(
      [
        `gateway fuzz (seed ${seed}): ${tally.requests} requests (${tally.malformed} malformed, each followed by a valid one) ` +
          `over ${routesUnderTest.length} routes (${changing} state-changing × ${perStateChangingRoute}, ` +
          `${routesUnderTest.length - changing} reads × ${perRead}) in ${seconds.toFixed(1)} s on ${clients} keep-alive clients, ` +
          `${connections.opened} connections opened; this process used ${cpuSeconds.toFixed(1)} s of CPU`,
        `worst latency ${Math.round(tally.worstMs)} ms (${tally.worstWhat.slice(0, 160)})`,
        `events before ${eventsBefore}, after ${after}; failures ${tally.failureCount}`,
        `by kind: ${[...tally.byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
      ].join('\n'),
    );
    expect(tally.failures).toEqual([]);
    expect(after).toBe(eventsBefore);
    expect(tally.worstMs).toBeLessThanOrEqual(deadlineMs);
  }, 300_000);
});

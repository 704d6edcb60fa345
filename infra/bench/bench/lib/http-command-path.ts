import { buildApp } from '@dm/command-api/build-app';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, startProjectors } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { below, exactly, figure, median, ratioAtLeast, type Figure } from '../../src/index';
import { postLoad, type HttpRun } from './autocannon';

export interface HttpCommandPathResult {
  /** Brands in the read model while the commands ran (a super admin's scope used to list them all). */
  readonly brands: number;
  /** One-row INSERTs per second through pg alone, 32 concurrent callers. */
  readonly rawInsertCeiling: number;
  /** A bare Fastify route doing that INSERT per request, under the same load: this machine's HTTP ceiling. */
  readonly bareRoute: HttpRun;
  /** POST /api/permissions through the real command API: session, policy, stream read, decide, append. */
  readonly commandPath: HttpRun;
}

const connections = 32;
/** Unmeasured seconds of each side before the rounds. */
const warmUpSeconds = 2;
const publicUrl = 'http://localhost:3000';
const seconds = (since: number) => (performance.now() - since) / 1000;

// The same statement for the pg-alone ceiling and the bare route: named (prepared once per connection), as ours.
const rawInsert = (email: string, body: unknown): pg.QueryConfig => ({
  name: 'bench-raw-single',
  text: 'INSERT INTO public.raw_single (stream_id, data) VALUES ($1, $2)',
  values: [`raw-${email}`, JSON.stringify(body)],
});

const measureRawInsertCeiling = async (pool: pg.Pool, duration: number) => {
  let count = 0;
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const email = `raw-${worker}-${count}@bench.test`;
        await pool.query(rawInsert(email, { email, permissionLevel: 'user', brandIds: [1] }));
        count++;
      }
    }),
  );
  return count / seconds(started);
};

/** A route with nothing of ours: Fastify's JSON parsing and one pooled INSERT. */
const startBareRoute = async (pool: pg.Pool) => {
  const app = Fastify();
  app.post('/bare', async (request) => {
    const body = request.body as { email: string };
    await pool.query(rawInsert(body.email, body));
    return { ok: true };
  });
  return { app, url: `${await app.listen({ port: 0, host: '127.0.0.1' })}/bare` };
};

/** Session user: a super admin, so a grant of any brand passes the policy (the figure the bulk phases once sank). */
const prepare = async (databaseUrl: string, pool: pg.Pool) => {
  const eventStore = createPostgresEventStore({ pool, connectionString: databaseUrl });
  const commands = createCommandBus({ eventStore });
  await commands.registerBrand('Bench', systemActor).catch(() => undefined); // brand 1, whatever the log holds
  await commands.grantPermission(
    { email: 'bench-admin@bench.test', permissionLevel: 'super_admin', brandIds: [1] },
    systemActor,
  );
  console.log('projecting the log (its brands included)…');
  const projectors = startProjectors({
    pool,
    eventStore,
    projections,
    reactors: [],
    logger: pino({ level: 'silent' }),
  });
  await projectors.waitForIdle();
  await projectors.stop();
  await eventStore.close();
  await pool.query(
    'CREATE TABLE IF NOT EXISTS public.raw_single (id bigserial PRIMARY KEY, stream_id text, data jsonb)',
  );
  // The bulk phase's rows settled first: autovacuum catching up with them would otherwise share the measured runs.
  await pool.query('VACUUM ANALYZE');
  await pool.query('CHECKPOINT');
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm.brands');
  const token = await createSession(pool, {
    email: 'bench-admin@bench.test',
    userId: 'bench-admin',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    idToken: null,
  });
  return { brands: rows[0]!.n, token };
};

const medianRun = (runs: HttpRun[]): HttpRun => ({
  rate: median(runs.map((r) => r.rate)),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  failures: runs.reduce((sum, r) => sum + r.failures, 0),
});

/**
 * The HTTP command path against the bare route, `rounds` rounds of `duration` seconds each, in alternating order
 * (the machines are shared: one noisy run must not decide a figure); medians reported.
 */
export const measureHttpCommandPath = async (
  databaseUrl: string,
  options: { duration: number; rounds: number },
): Promise<HttpCommandPathResult> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections + 8 });
  pool.on('error', () => undefined); // idle clients cut when the server stops
  const { brands, token } = await prepare(databaseUrl, pool);
  const rawInsertCeiling = await measureRawInsertCeiling(pool, options.duration);

  // The service as deployed (command-api's server.ts): its own pool, its event store with its pipelined statements,
  // and its session cache.
  const appPool = new pg.Pool({ connectionString: databaseUrl, max: connections + 8 });
  appPool.on('error', () => undefined);
  const app = await buildApp({ db: appPool, publicUrl, logLevel: 'silent', sessionCache: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await startBareRoute(pool);
  const body = { email: `p${process.pid}-[<id>]@bench.test`, permissionLevel: 'user', brandIds: [1] };
  const load = { connections, seconds: options.duration, body };
  const ours: HttpRun[] = [];
  const bares: HttpRun[] = [];
  const loadOurs = (seconds: number) =>
    postLoad(`${address}/api/permissions`, {
      ...load,
      seconds,
      headers: { cookie: `dm_session=${token}`, origin: publicUrl },
    });
  const loadBare = (seconds: number) => postLoad(bare.url, { ...load, seconds, headers: {} });
  try {
    // Both sides once, unmeasured: a fresh process first runs its code unoptimised on a cold database, and the
    // round that happened to go first would carry that alone.
    await loadBare(warmUpSeconds);
    await loadOurs(warmUpSeconds);
    for (let round = 0; round < options.rounds; round++) {
      const runOurs = async () => ours.push(await loadOurs(options.duration));
      const runBare = async () => bares.push(await loadBare(options.duration));
      for (const run of round % 2 === 0 ? [runBare, runOurs] : [runOurs, runBare]) await run();
    }
  } finally {
    await bare.app.close();
    await app.close();
    await appPool.end();
    await pool.end();
  }
  return { brands, rawInsertCeiling, bareRoute: medianRun(bares), commandPath: medianRun(ours) };
};

/** The path's figures beside the bare route and the raw INSERT ceiling, as `pnpm bench event-store` and `scale` print them. */
export const httpCommandPathFigures = (
  http: HttpCommandPathResult,
  { seconds: httpSeconds, rounds }: { seconds: number; rounds: number },
): Figure[] => {
  const load = `32 connections, median of ${rounds} × ${httpSeconds} s after ${warmUpSeconds} s of each unmeasured`;
  return [
    figure({
      name: `raw INSERT of one row through pg, 32 connections, ${httpSeconds} s`,
      value: http.rawInsertCeiling,
      unit: 'inserts/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `bare Fastify route doing that INSERT (this machine's HTTP ceiling), ${load}`,
      value: http.bareRoute.rate,
      unit: 'requests/s',
      baseline: http.rawInsertCeiling,
      target: null,
    }),
    figure({
      name: 'bare Fastify route p99 latency',
      value: http.bareRoute.p99Ms,
      unit: 'ms',
      baseline: null,
      target: null,
    }),
    figure({
      name: `HTTP command path (super admin, ${http.brands} brands registered), ${load}`,
      value: http.commandPath.rate,
      unit: 'commands/s',
      baseline: http.bareRoute.rate,
      target: ratioAtLeast(0.5, 'bare Fastify route'),
    }),
    figure({
      name: 'HTTP command path against the raw INSERT ceiling',
      value: http.commandPath.rate,
      unit: 'commands/s',
      baseline: http.rawInsertCeiling,
      target: null,
    }),
    figure({
      name: 'HTTP command path p99 latency',
      value: http.commandPath.p99Ms,
      unit: 'ms',
      baseline: http.bareRoute.p99Ms,
      target: below(50, 'ms'),
    }),
    figure({
      name: 'HTTP command path and bare route: non-2xx answers, errors, timeouts',
      value: http.commandPath.failures + http.bareRoute.failures,
      unit: 'answers',
      baseline: null,
      target: exactly(0),
    }),
  ];
};

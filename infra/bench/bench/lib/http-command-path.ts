import { buildApp } from '@dm/command-api/build-app';
import { systemActor } from '@dm/command-api/commands';
import { createCommandBus } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, startProjectors } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';

export interface HttpCommandPathResult {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly rawSingleEventCeiling: number;
}

const connections = 32;
const publicUrl = 'http://localhost:3000';

/** Raw ceiling: 32 connections inserting one event row per autocommit statement, no checks. */
const rawSingleEventCeiling = async (pool: pg.Pool, seconds: number) => {
  await pool.query('CREATE TABLE IF NOT EXISTS public.raw_single (id bigserial PRIMARY KEY, stream_id text, data jsonb)');
  let count = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (Date.now() < deadline) {
        await pool.query('INSERT INTO public.raw_single (stream_id, data) VALUES ($1, $2)', [
          `raw-${worker}-${count}`,
          JSON.stringify({ email: `raw${count}@bench.test`, permissionLevel: 'user', brandIds: [1] }),
        ]);
        count++;
      }
    }),
  );
  return count / seconds;
};

/** The HTTP command path: POST /api/permissions through the real command API, a new person per request. */
export const measureHttpCommandPath = async (databaseUrl: string, seconds = 10): Promise<HttpCommandPathResult> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections + 8 });
  pool.on('error', () => undefined); // idle clients cut when the server stops
  const eventStore = createPostgresEventStore({ pool, connectionString: databaseUrl });
  const commands = createCommandBus({ eventStore });
  await commands.registerBrand('Bench', systemActor).catch(() => undefined);
  await commands
    .grantPermission({ email: 'bench-admin@bench.test', permissionLevel: 'super_admin', brandIds: [1] }, systemActor)
    .catch(() => undefined);
  const projectors = startProjectors({ pool, eventStore, projections, reactors: [], logger: pino({ level: 'silent' }) });
  await projectors.waitForIdle();
  await projectors.stop();
  const token = await createSession(pool, {
    email: 'bench-admin@bench.test',
    userId: 'bench-admin',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    idToken: null,
  });

  const ceiling = await rawSingleEventCeiling(pool, seconds);
  // The service as deployed: its own pool and event store (with its pipelined reads).
  const appPool = new pg.Pool({ connectionString: databaseUrl, max: connections + 8 });
  appPool.on('error', () => undefined);
  const app = await buildApp({ db: appPool, publicUrl, logLevel: 'silent' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // autocannon runs in its own process: in ours it would take the event loop from the server it measures.
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const { stdout } = await promisify(execFile)(process.execPath, [
    cli, '--json', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-I',
    '-H', `cookie=dm_session=${token}`, '-H', `origin=${publicUrl}`, '-H', 'content-type=application/json',
    '-b', JSON.stringify({ email: `p${process.pid}-[<id>]@bench.test`, permissionLevel: 'user', brandIds: [1] }),
    `${address}/api/permissions`,
  ], { maxBuffer: 16 * 1024 * 1024 });
  const run = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  await app.close();
  await appPool.end();
  await eventStore.close();
  await pool.end();
  return {
    requestsPerSecond: run.requests.average,
    p99Ms: run.latency.p99,
    non2xx: run.non2xx + run.errors + run.timeouts,
    rawSingleEventCeiling: ceiling,
  };
};

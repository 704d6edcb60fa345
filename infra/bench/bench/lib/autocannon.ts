import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

export interface HttpRun {
  /** 2xx answers per second of the measured duration. */
  readonly rate: number;
  readonly p99Ms: number;
  /** Non-2xx answers, errors and timeouts. */
  readonly failures: number;
}

interface AutocannonResult {
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p99: number };
}

/**
 * POSTs `body` to `url` from `connections` connections for `seconds`. autocannon runs in its own process: in
 * ours it would take the event loop from the server it measures. `[<id>]` in the body becomes a unique id.
 */
export const postLoad = async (
  url: string,
  options: { connections: number; seconds: number; body: unknown; headers: Record<string, string> },
): Promise<HttpRun> => {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headers = Object.entries({ 'content-type': 'application/json', ...options.headers }).flatMap(([k, v]) => [
    '-H',
    `${k}=${v}`,
  ]);
  const args = ['--json', '-c', String(options.connections), '-d', String(options.seconds), '-m', 'POST', '-I'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cli, ...args, ...headers, '-b', JSON.stringify(options.body), url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const run = JSON.parse(stdout.trim().split('\n').at(-1)!) as AutocannonResult;
  return {
    rate: run['2xx'] / run.duration,
    p99Ms: run.latency.p99,
    failures: run.non2xx + run.errors + run.timeouts,
  };
};

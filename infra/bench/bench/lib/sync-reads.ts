// Latency of the synced-codes reads over HTTP with concurrent clients.
import { percentile } from '../../src/index';

export interface Latency {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** `clients` loops issuing `perClient` requests each; each request's path comes from `pathOf(i)`. */
export const measureConcurrent = async (
  base: string,
  cookie: string,
  pathOf: (i: number) => string,
  clients = 8,
  perClient = 30,
): Promise<Latency> => {
  const ms: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let k = 0; k < perClient; k++) {
        const path = pathOf(next++);
        const started = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { cookie } });
        const body = await response.text();
        if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
        ms.push(performance.now() - started);
      }
    }),
  );
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
};

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEffectServer, type EffectServer } from './fixtures/effect-server';
import { eventually } from './fixtures/eventually';
import { effectRequested, effectTypes } from './fixtures/test-reactor';

const effects = 300;
const workerPath = fileURLToPath(new URL('./fixtures/reactor-worker.ts', import.meta.url));
const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from));
// Kill the worker right after the far side applied these calls, before it can record the outcome: the worst moment.
const killAtApply = new Set([random(20, 80), random(100, 160), random(180, 240)]);

let db: TestDatabase;
let store: EventStore;
let server: EffectServer;
let worker: ChildProcess | undefined;
const settled: string[] = [];
const stderr: string[] = [];
let kills = 0;

const kill = () => {
  if (worker?.kill('SIGKILL')) kills += 1;
};
const spawnWorker = (): Promise<number | null> => {
  const child = spawn(process.execPath, ['--import', 'tsx', workerPath], {
    env: { ...process.env, DATABASE_URL: db.url, EFFECT_SERVER_URL: server.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker = child;
  child.stdout.on('data', (chunk: Buffer) => settled.push(...chunk.toString().split('\n').filter(Boolean)));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
};
const countOf = async (type: string) =>
  (
    await db.pool.query<{ key: string; n: number }>(
      "SELECT data->>'key' AS key, count(*)::int AS n FROM es.events WHERE type = $1 GROUP BY 1",
      [type],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ pool: db.pool });
  server = await startEffectServer({
    refuseFirstTry: (key) => Number(key.split('-')[1]) % 25 === 0,
    onApplied: (_key, applies) => {
      if (killAtApply.has(applies)) kill();
    },
  });
  for (let n = 1; n <= effects; n += 10) {
    const batch = Array.from({ length: 10 }, (_, i) => ({ type: effectRequested, data: { n: n + i } }));
    await store.append('effect-requests', batch, { expected: 'any' });
  }
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await server.close();
  await store.close();
  await db.drop();
});

it('should apply every effect once and record one outcome each, across SIGKILLs mid-batch', async () => {
  const outcomes = async () =>
    (await countOf(effectTypes.succeeded)).length + (await countOf(effectTypes.failed)).length;
  const allRecorded = eventually(async () => (await outcomes()) >= effects, 150_000).then(() => 'done' as const);
  let runs = 0;
  for (let result: 'done' | 'exited' = 'exited'; result === 'exited';) {
    runs += 1;
    expect(runs, stderr.join('')).toBeLessThan(10);
    const exited = spawnWorker();
    // Besides the kills at chosen applications, one kill at a random moment (maybe mid-startup, mid-append).
    const timer = runs === 2 ? setTimeout(kill, random(200, 1_500)) : undefined;
    result = await Promise.race([exited.then(() => 'exited' as const), allRecorded]);
    clearTimeout(timer);
    if (result === 'done') {
      worker?.kill('SIGTERM');
      await exited;
    }
  }

  const [started, succeeded, failed] = await Promise.all([
    countOf(effectTypes.started),
    countOf(effectTypes.succeeded),
    countOf(effectTypes.failed),
  ]);
  const tally = (word: string) => settled.filter((line) => line.startsWith(`${word} `)).length;
  console.log(
    `reactor crash test: ${effects} effects, ${runs} worker runs, ${kills} SIGKILLs; far side: ${server.stats.applies} ` +
      `applications, ${server.applied.size} keys, ${server.stats.checks} checks (${server.stats.checksAnsweredApplied} found applied), ${server.stats.refused} refused (503); ` +
      `recorded: ${started.length} started, ${succeeded.length} succeeded, ${failed.length} failed; workers settled: ` +
      `${tally('performed')} performed, ${tally('found-applied')} found applied by check, ${tally('already-recorded')} already recorded`,
  );
  expect(kills).toBeGreaterThanOrEqual(3);
  const keys = Array.from({ length: effects }, (_, i) => `effect-${i + 1}`);
  expect([...server.applied.keys()].sort()).toEqual([...keys].sort());
  expect([...server.applied.values()].every((n) => n === 1)).toBe(true);
  expect(succeeded.map((r) => r.key).sort()).toEqual([...keys].sort());
  expect(succeeded.every((r) => r.n === 1) && started.every((r) => r.n === 1)).toBe(true);
  expect(failed).toEqual([]);
  // Each chosen kill left one applied but unrecorded effect for the next worker to check. Counted at the far side:
  // a worker killed after it recorded such an effect and before it printed its line would lose the stdout tally.
  expect(server.stats.checksAnsweredApplied).toBeGreaterThanOrEqual(killAtApply.size);
});

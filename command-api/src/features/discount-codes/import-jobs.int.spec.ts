import { codesImportStream, discountCodesStream, parseDomainEvent } from '@dm/events';
import { importProgressLineSchema, type ImportCodesResult } from '@dm/events/http';
import type { App } from '@dm/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, type DiscountTestWorld } from '../../../test/discount-world';
import { publicUrl } from '../../../test/build-app';
import { buildApp } from '../../app';
import { runImportJob } from './import-job-runner';

/**
 * CSV imports as jobs (decision 1485): the request records the job and any command-API replica runs it, so a
 * request cut mid-way, or a replica dying during or right after its append, neither loses the import nor runs it
 * twice, and a re-sent request answers what the import did.
 */
type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let user: Headers;
let discountId: string;
let uk: number;
let replica: App;

const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => importProgressLineSchema.parse(JSON.parse(line)));
const resultOf = (body: string): ImportCodesResult => {
  const last = linesOf(body).at(-1);
  if (last?.type !== 'done') throw new Error(`the import did not finish: ${body.slice(-300)}`);
  return last.result;
};
const addedCodes = async () =>
  (await world.eventStore.readStream(discountCodesStream(discountId)))
    .map(parseDomainEvent)
    .flatMap((e) => (e.type === 'DiscountCodesAdded' ? e.data.codes.map((c) => c.code) : []));
const until = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened`);
};
const jobState = async (id: string) => (await world.app.importJobs.jobs.read(id))?.state;
/**
 * A scene set up to five times: the replica's worker (it looks every 50 ms for pending jobs whose lock is free) may
 * take a job just recorded before the test's own run holds its lock. Each take records its own job.
 */
const setScene = async <S extends { readonly job: { readonly id: string } }>(
  take: (n: number) => Promise<S>,
  isSet: (scene: S) => boolean,
) => {
  let scene = await take(1);
  for (let n = 2; !isSet(scene) && n <= 5; n++) {
    const taken = scene.job.id;
    await until('the take the worker ran ended', async () => (await jobState(taken)) === 'done');
    scene = await take(n);
  }
  return scene;
};
/** Whether a run reached the point a scene stops it at (`reached`) before it ended (or failed). */
const reachedBeforeEnd = (reached: Promise<unknown>, run: Promise<unknown>) =>
  Promise.race([
    reached.then(() => true),
    run.then(
      () => false,
      () => false,
    ),
  ]);
/** A job as the request records it, by uma@ for GB; the runs are the test's to start. */
const recordJob = (id: string, commandId: string, csv: string) =>
  world.app.importJobs.jobs.record({
    id,
    fingerprint: commandId,
    commandId,
    discountId,
    storeIds: [uk],
    csv,
    actor: { id: 'user-uma@x.test', email: 'uma@x.test', name: null, level: 'user', brandIds: [1] },
    correlationId: commandId,
  });

beforeAll(async () => {
  world = await buildDiscountWorld();
  const admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  user = await world.signIn('uma@x.test', 'user', [1]);
  uk = world.stores['aurora-uk']!;
  discountId = await world.createHatDiscount(admin, 'Import jobs');
  await world.recordDeployed(discountId, uk);
  // A second replica of the command API on the same database, looking for orphaned jobs often.
  replica = await buildApp({
    db: world.db.pool,
    publicUrl,
    eventStore: world.eventStore,
    logLevel: 'silent',
    importJobWorker: { everyMs: 50, idleSeconds: 0 },
  });
});
afterAll(async () => {
  await replica?.close();
  await world?.close();
});

describe('When the connection of an import is cut mid-way and the person sends it again with its Idempotency-Key', () => {
  it('should finish the import once and answer the re-sent request with what it added, not "already used"', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const csv = codes('CUT', 3000).join('\n');
    const send = (signal?: AbortSignal) =>
      fetch(`${address}/api/discounts/${discountId}/codes/import`, {
        method: 'POST',
        headers: { ...user, 'content-type': 'application/json', 'idempotency-key': 'import-cut-1' },
        body: JSON.stringify({ csv, stores: [uk] }),
        ...(signal ? { signal } : {}),
      });
    const cut = new AbortController();
    const first = await send(cut.signal);
    expect(first.status).toBe(200);
    cut.abort();
    await until('the import’s codes', async () => (await addedCodes()).filter((c) => c.startsWith('CUT')).length > 0);

    // The same key for another file is another request: refused, not answered with the first file's import.
    const other = await fetch(`${address}/api/discounts/${discountId}/codes/import`, {
      method: 'POST',
      headers: { ...user, 'content-type': 'application/json', 'idempotency-key': 'import-cut-1' },
      body: JSON.stringify({ csv: 'OTHER1', stores: [uk] }),
    });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toMatch(/already used for another import/);

    const again = await send();
    expect(again.status).toBe(200);
    const result = resultOf(await again.text());
    expect(result.codesAdded).toBe(3000);
    expect(result.rejected).toEqual([]);
    expect((await addedCodes()).filter((c) => c.startsWith('CUT'))).toHaveLength(3000);
  });
});

describe('When the replica that recorded an import dies before running it', () => {
  it('should have another replica run it, once, with the answer the request would have given', async () => {
    const job = await recordJob(
      '11111111-1111-4111-8111-111111111111',
      'orphan-1',
      ['ORPHAN1', 'ORPHAN2', 'CUT7', ''].join('\n'),
    );
    await until('the job taken over', async () => (await jobState(job.id)) === 'done');
    const done = (await world.app.importJobs.jobs.read(job.id))!;
    expect(done.answer).toMatchObject({
      rowsRead: 3,
      codesAdded: 2,
      rejected: [{ row: 3, code: 'CUT7', reason: 'Already used in Aurora GB (this discount)' }],
    });
    expect((await addedCodes()).filter((c) => c.startsWith('ORPHAN'))).toEqual(['ORPHAN1', 'ORPHAN2']);
    expect(await world.eventStore.readStream(codesImportStream(job.id))).toHaveLength(1);
  });
});

describe('When a replica dies right after its import’s codes were appended, before it marked the job done', () => {
  it('should end the job with the dying run’s answer, adding nothing twice', async () => {
    // This runner freezes after its append, as a process would that stops there; then its connection dies. The
    // replica's worker may take a job just recorded before this runner holds its lock: then the runner ends at once,
    // and the scene is set again with another job.
    const jobs = world.app.importJobs.jobs;
    let thaw = () => undefined as void;
    const dyingRun = async (take: number) => {
      const late = [1, 2].map((n) => `LATE${take}-${n}`);
      const job = await recordJob(
        `22222222-2222-4222-8222-22222222222${take}`,
        `dying-${take}`,
        [...late, 'ORPHAN1'].join('\n'),
      );
      let reachedFinish = () => undefined as void;
      const atFinish = new Promise<void>((resolve) => (reachedFinish = resolve));
      const frozenFinish = () => {
        reachedFinish();
        return new Promise<void>((resolve) => (thaw = resolve));
      };
      const dying = runImportJob({ ...world.app.importJobs, jobs: { ...jobs, finish: frozenFinish } }, job.id).catch(
        () => 'its connection is gone',
      );
      return { job, late, dying, frozen: await reachedBeforeEnd(atFinish, dying) };
    };
    const scene = await setScene(dyingRun, (taken) => taken.frozen);
    expect(scene.frozen, 'the dying run froze after its append in one of five takes').toBe(true);
    const { job, late, dying } = scene;
    expect(await world.eventStore.readStream(codesImportStream(job.id))).toHaveLength(1);
    await world.db.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1485",
    );

    await until('the job ended by the other replica', async () => (await jobState(job.id)) === 'done');
    const done = (await jobs.read(job.id))!;
    expect(done.answer).toMatchObject({
      codesAdded: 2,
      rejected: [{ row: 3, code: 'ORPHAN1', reason: 'Already used in Aurora GB (this discount)' }],
    });
    expect((await addedCodes()).filter((c) => late.includes(c))).toEqual(late);
    // The frozen run gives its dead connection back, so the pool can close.
    thaw();
    await dying;
  });
});

describe('When a runner loses its lock mid-run and a second runner runs the same import meanwhile', () => {
  it('should end the job with the answer of the run whose codes landed, whichever finishes last', async () => {
    const jobs = world.app.importJobs.jobs;
    // The first run stops just before its append, as a paused process would, and its lock's connection dies. The
    // replica's worker (it looks every 50 ms for pending jobs whose lock is free) may take a job just recorded before
    // that run holds its lock: the run then ends without pausing, and the scene is set again with another job.
    let resume = () => undefined as void;
    const pausedRun = async (take: number) => {
      const codes = [1, 2, 3].map((n) => `TWICE${take}-${n}`);
      const job = await recordJob(`33333333-3333-4333-8333-33333333333${take}`, `twice-${take}`, codes.join('\n'));
      let reachedAppend = () => undefined as void;
      const atAppend = new Promise<void>((resolve) => (reachedAppend = resolve));
      const pausedKeep: typeof jobs.keepAnswer = async (...args) => {
        reachedAppend();
        await new Promise<void>((resolve) => (resume = resolve));
        return jobs.keepAnswer(...args);
      };
      const first = runImportJob({ ...world.app.importJobs, jobs: { ...jobs, keepAnswer: pausedKeep } }, job.id);
      return { job, codes, first, paused: await reachedBeforeEnd(atAppend, first) };
    };
    const scene = await setScene(pausedRun, (taken) => taken.paused);
    expect(scene.paused, 'the first run paused at its append in one of five takes').toBe(true);
    const { job, codes, first } = scene;
    try {
      await world.db.pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1485",
      );
      // pg_terminate_backend only signals: the lock goes when the backend has exited.
      await until('the lock released', async () => {
        const { rows } = await world.db.pool.query(
          "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 1485 AND granted",
        );
        return rows.length === 0;
      });
      // A second runner takes the job over and adds the codes: this one, or the replica's worker (it looks every
      // 50 ms for jobs whose lock is free) when it got there first.
      if ((await runImportJob(world.app.importJobs, job.id)) === 'busy')
        await until('the job ended by the other replica', async () => (await jobState(job.id)) === 'done');
      expect((await jobs.read(job.id))?.answer).toMatchObject({ codesAdded: 3, rejected: [] });
    } finally {
      // The first run wakes up, finds its codes taken, and must not put "0 added, all already used" in their place.
      // Woken whatever happened above: left paused, it would hold the file's teardown.
      resume();
    }
    await first.catch(() => 'its lock connection is gone');
    const done = (await jobs.read(job.id))!;
    expect(done.state).toBe('done');
    expect(done.answer).toMatchObject({ codesAdded: 3, rejected: [] });
    expect((await addedCodes()).filter((c) => codes.includes(c))).toEqual(codes);
  });
});

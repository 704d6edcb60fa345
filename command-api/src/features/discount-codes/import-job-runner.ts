import type { EventStore } from '@dm/event-store';
import { codesImportStream, DomainError, parseDomainEvent } from '@dm/events';
import type { ImportCodesResult } from '@dm/events/http';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../shared/command';
import type { CommandOptions } from '../../shared/command-context';
import type { BulkProgress, ImportJobRun } from './bulk-handlers';
import type { ImportJob, ImportJobsStore } from './import-jobs-store';

/** The advisory lock class of import jobs; the job's id is hashed into the second key. */
const lockClass = 1485;
const progressEveryMs = 200;
export const importFailedMessage =
  'The import failed on our side and nothing was added. Try again; if it keeps happening, tell an administrator.';
/** When following the job itself failed: whether it added codes is not known here. */
export const importLostMessage =
  'We lost track of the import on our side; it may still finish. Press Import again with the same file to see its result.';

export interface ImportJobDeps {
  readonly db: pg.Pool;
  readonly jobs: ImportJobsStore;
  readonly eventStore: EventStore;
  readonly prepareCodesImport: (
    discountId: string,
    body: { csv: string; stores: readonly number[] },
    actor: Actor,
    options: CommandOptions,
  ) => Promise<{
    run: (progress: BulkProgress, job: ImportJobRun) => Promise<{ result: ImportCodesResult; position: bigint | null }>;
  }>;
  readonly log: FastifyBaseLogger;
}

export type RunOutcome = 'busy' | 'ended';

/** The job's fence, when some run appended it: that run's number and the log position of its append. */
const fenceOf = async (eventStore: EventStore, importId: string) => {
  const [recorded] = await eventStore.readStream(codesImportStream(importId));
  if (!recorded) return null;
  const event = parseDomainEvent(recorded);
  return event.type === 'CodesImportFinished'
    ? { attempt: event.data.attempt, position: recorded.globalPosition }
    : null;
};

/** Ends a job whose codes some run appended, with the answer that run kept before its append. */
const adopt = async (deps: ImportJobDeps, job: ImportJob, fence: { attempt: number; position: bigint }) => {
  const answer = job.answers[String(fence.attempt)];
  if (answer) return deps.jobs.finish(job.id, answer, fence.position);
  // Cannot happen while every run keeps its answer before appending; said plainly rather than guessed.
  deps.log.error({ importId: job.id, attempt: fence.attempt }, 'codes import appended without its kept answer');
  await deps.jobs.fail(job.id, 'The codes were added, but the list of rejected rows was lost. See the codes page.');
};

const runLocked = async (deps: ImportJobDeps, jobId: string, onProgress: BulkProgress): Promise<void> => {
  const job = await deps.jobs.read(jobId);
  if (!job || job.state !== 'pending') return;
  const fence = await fenceOf(deps.eventStore, jobId);
  if (fence) return adopt(deps, job, fence);
  const attempt = await deps.jobs.startAttempt(jobId);
  if (attempt === null || job.csv === null) return;
  let last = 0;
  const progress: BulkProgress = (phase, done, total) => {
    onProgress(phase, done, total);
    const now = Date.now();
    if (done < total && now - last < progressEveryMs) return;
    last = now;
    deps.jobs.progress(jobId, phase, done, total).catch((err: unknown) => deps.log.warn({ err }, 'import progress'));
  };
  try {
    const importing = await deps.prepareCodesImport(job.discountId, { csv: job.csv, stores: job.storeIds }, job.actor, {
      commandId: job.commandId,
      correlationId: job.correlationId,
    });
    const keep = (answer: ImportCodesResult) => deps.jobs.keepAnswer(jobId, attempt, answer);
    const { result, position } = await importing.run(progress, { importId: jobId, attempt, keep });
    // A run that found every code already held may have met another run's codes (two runs after a lost lock):
    // whichever run's fence landed names the answer.
    const landed = await fenceOf(deps.eventStore, jobId);
    const kept = landed && landed.attempt !== attempt && (await deps.jobs.read(jobId));
    if (landed && kept) return adopt(deps, kept, landed);
    await deps.jobs.finish(jobId, result, position);
  } catch (error) {
    // The fence's stream was taken by another run, or this run's append landed and what followed failed: either
    // way the codes are in, and the job ends with the answer of the run that appended them.
    const landed = await fenceOf(deps.eventStore, jobId);
    const kept = landed && (await deps.jobs.read(jobId));
    if (landed && kept) return adopt(deps, kept, landed);
    if (!(error instanceof DomainError)) deps.log.error({ err: error, importId: jobId }, 'codes import failed');
    await deps.jobs.fail(jobId, error instanceof DomainError ? error.message : importFailedMessage);
  }
};

/**
 * Runs the job unless another runner holds it (`busy`): a session advisory lock on a connection of its own, held
 * for the run and released with the connection if this process dies, so another replica can take the job over.
 * Two runs can still overlap if a lock is lost with its connection mid-run: the fence event lets one append.
 */
export const runImportJob = async (
  deps: ImportJobDeps,
  jobId: string,
  onProgress: BulkProgress = () => undefined,
): Promise<RunOutcome> => {
  const client = await deps.db.connect();
  // A held client whose connection dies emits 'error' (pg-pool listens only on idle ones): unheard, it would end
  // the process. The statement in flight rejects anyway.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
      [lockClass, jobId],
    );
    if (!rows[0]?.locked) return 'busy';
    try {
      await runLocked(deps, jobId, onProgress);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [lockClass, jobId]).catch(() => {
        broken = true;
      });
    }
    return 'ended';
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
};

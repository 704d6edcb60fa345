import type { ImportProgressLine } from '@dm/events/http';
import type { BulkProgress } from './bulk-handlers';
import { importFailedMessage, runImportJob, type ImportJobDeps } from './import-job-runner';

const progressEveryMs = 200;
const pollMs = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a request that recorded (or found) an import job answers: the job's progress and then its outcome. The
 * request runs the job itself when nobody does; while another runner holds it (the first request sent with the same
 * Idempotency-Key, or a replica taking over a dead one's job), it shows that runner's progress from the job's row.
 */
export const followImportJob = async (
  deps: ImportJobDeps,
  jobId: string,
  send: (line: ImportProgressLine) => void,
): Promise<void> => {
  let last = 0;
  let shown = '';
  const show = (phase: 'checking' | 'reserving', done: number, total: number) => {
    const key = `${phase}:${done}:${total}`;
    const now = Date.now();
    if (key === shown || (done < total && now - last < progressEveryMs)) return;
    [last, shown] = [now, key];
    send({ type: 'progress', phase, done, total });
  };
  const onProgress: BulkProgress = show;
  for (;;) {
    await runImportJob(deps, jobId, onProgress);
    const job = await deps.jobs.read(jobId);
    if (!job) return send({ type: 'failed', message: importFailedMessage });
    if (job.state === 'done' && job.answer) return send({ type: 'done', result: job.answer, position: job.position });
    if (job.state === 'failed') return send({ type: 'failed', message: job.message ?? importFailedMessage });
    if (job.phase) show(job.phase, job.done, job.total);
    await sleep(pollMs);
  }
};

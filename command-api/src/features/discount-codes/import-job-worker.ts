import { runImportJob, type ImportJobDeps } from './import-job-runner';

export interface ImportJobWorkerOptions {
  /** How often pending jobs are looked for. */
  readonly everyMs?: number;
  /** A pending job nobody moved for this long may have lost its runner. */
  readonly idleSeconds?: number;
}

const pruneEveryMs = 60 * 60 * 1000;

/**
 * Every command-API replica takes over import jobs whose runner is gone (its process died, its request's replica
 * with it): a job that is pending, idle, and whose advisory lock is free is run here (decision 1485).
 */
export const startImportJobWorker = (
  deps: ImportJobDeps,
  { everyMs = 5000, idleSeconds = 10 }: ImportJobWorkerOptions = {},
) => {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let prunedAt = 0;
  const sweep = async () => {
    if (Date.now() - prunedAt > pruneEveryMs) {
      prunedAt = Date.now();
      await deps.jobs.prune();
    }
    for (const id of await deps.jobs.idle(idleSeconds)) {
      if (stopped) return;
      if ((await runImportJob(deps, id)) === 'ended') deps.log.info({ importId: id }, 'codes import taken over');
    }
  };
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    running = sweep()
      .catch((err: unknown) => deps.log.warn({ err }, 'import job sweep failed'))
      .finally(() => (sweeping = false));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};

/** Milliseconds to wait before retry number `attempt` (1-based). Injected so tests do not wait for real. */
export type Backoff = (attempt: number) => number;

export const exponentialBackoff =
  ({ initialMs, maxMs, factor = 2 }: { initialMs: number; maxMs: number; factor?: number }): Backoff =>
  (attempt) =>
    Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));

/** Resolves after `ms`, or at once when `signal` aborts (never rejects: callers check the signal). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

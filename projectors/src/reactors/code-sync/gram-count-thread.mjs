// A worker thread's entry (`gramsOffThread`): plain JavaScript, as a worker does not inherit the process's
// TypeScript loader; the count itself is imported through tsx.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// On Linux a nice value belongs to a thread: this lowers the worker's (loader and count), not the event loop's.
// Lower only: a process already niced further (a niced run) keeps its priority.
if (workerData.nice !== null && getPriority() < workerData.nice) {
  try {
    setPriority(workerData.nice);
  } catch {
    // Not allowed here: the count runs at the process's priority.
  }
}
await tsImport('./gram-count-worker.ts', import.meta.url);

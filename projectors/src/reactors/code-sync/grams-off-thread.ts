import { Worker } from 'node:worker_threads';
import type { GramPage } from './gram-pages';
import { unpackRows, type PackedCodes, type PackedRows } from './grams-packed';
import type { SearchGrams } from './search-grams';

type Answer = { frequent: string[]; threshold: number; pages: GramPage[]; rows: PackedRows } | null;

/**
 * A full sync's search grams (`gramsOf(codes, null, threshold)`) counted in a worker thread (decision 1426): for
 * a million codes the count is seconds of CPU, and on the event loop it held up every other store's sync, the
 * projections and the API served by the same process. Codes go in and rows come out packed (`grams-packed`).
 */
export const gramsOffThread = (codes: PackedCodes, threshold: number) =>
  new Promise<SearchGrams | null>((resolve, reject) => {
    const worker = new Worker(new URL('./gram-count-thread.mjs', import.meta.url), {
      workerData: { codes, threshold },
    });
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      resolve(answer && { ...answer, rows: unpackRows(answer.rows) });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the search gram count stopped (exit code ${code}) without an answer`));
    });
  });

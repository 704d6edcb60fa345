import { Worker, type ResourceLimits } from 'node:worker_threads';
import { backgroundNice } from './background-priority';
import type { GramPage } from './gram-pages';
import { unpackRows, type PackedRows } from './grams-packed';
import { ack, feedPaced } from './paced-feed';
import type { SearchGrams } from './search-grams';

interface Answer {
  codeCounts: [string, number][];
  grams: { frequent: string[]; threshold: number; pages: GramPage[]; rows: PackedRows } | null;
}

export interface OffThreadCount {
  /** Null: the codes hold too many characters for the grams (`gramsOf`). */
  readonly grams: SearchGrams | null;
  /** The number of codes per discount. */
  readonly codeCounts: Map<string, number>;
}

/** Chunks of the codes' text sent ahead of the worker: what the text may hold in memory at once (64 kB each). */
const chunksInFlight = 4;
/**
 * The worker's young generation (V8's default: 16 MB a semi-space): its garbage is the codes' lines and slices,
 * short-lived, so a small one only collects more often; the default's room was RSS (decision 1520).
 */
const maxYoungGenerationSizeMb = 8;

/**
 * A full sync's search grams (`gramsOf(codes, null, threshold)`) counted in a worker thread (decision 1426): for
 * a million codes the count is seconds of CPU, and on the event loop it held up every other store's sync, the
 * projections and the API served by the same process. The codes' COPY text (`CopiedCodes`) is handed over chunk
 * by chunk as it is read, each chunk's memory transferred, not copied (decision 1441): only the worker ever holds
 * the codes, and the text is read only as fast as the worker takes it in (`feedPaced`, decision 1520). Rows come back packed (`grams-packed`). A big sync's (`background`) thread runs at `backgroundNice`.
 */
export const gramsOffThread = async (
  copyText: AsyncIterable<Uint8Array>,
  threshold: number,
  {
    background = false,
    resourceLimits,
  }: { readonly background?: boolean; readonly resourceLimits?: ResourceLimits } = {},
) => {
  const nice = background ? backgroundNice : null;
  const worker = new Worker(new URL('./gram-count-thread.mjs', import.meta.url), {
    workerData: { threshold, nice },
    resourceLimits: { maxYoungGenerationSizeMb, ...resourceLimits },
  });
  const answer = new Promise<OffThreadCount>((resolve, reject) => {
    let answered = false;
    worker.on('message', (message: Answer | typeof ack) => {
      if (message === ack) return;
      const { codeCounts, grams } = message;
      answered = true;
      // The worker's port would keep its thread (and heap) alive after the answer.
      void worker.terminate();
      resolve({ codeCounts: new Map(codeCounts), grams: grams && { ...grams, rows: unpackRows(grams.rows) } });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the search gram count stopped (exit code ${code}) without an answer`));
    });
  });
  answer.catch(() => undefined); // a worker that fails while fed is reported once the feeding is over
  try {
    await feedPaced(copyText, worker, chunksInFlight, answer);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return answer;
};

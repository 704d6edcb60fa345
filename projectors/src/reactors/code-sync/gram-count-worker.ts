// Runs in a worker thread (`gramsOffThread`): the count of a full sync's search grams, off the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { packRows, unpackCodes, type PackedCodes } from './grams-packed';
import { gramsOf } from './search-index';

const { codes, threshold } = workerData as { codes: PackedCodes; threshold: number };
const grams = gramsOf(unpackCodes(codes), null, threshold);
if (!grams) parentPort!.postMessage(null);
else {
  const rows = packRows(grams.rows);
  const { frequent, pages } = grams;
  parentPort!.postMessage({ frequent, threshold: grams.threshold, pages, rows }, [
    rows.discountIndex.buffer,
    rows.codeCounts.buffer,
  ]);
}

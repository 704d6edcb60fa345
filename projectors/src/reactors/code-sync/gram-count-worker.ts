// Runs in a worker thread (`gramsOffThread`): the count of a full sync's search grams, off the event loop. The
// COPY text of the codes arrives in chunks (null: the last was sent), so no thread but this one holds the codes,
// packed (`PackedCodes`), each chunk acknowledged once taken in (`feedPaced`).
import { parentPort, workerData } from 'node:worker_threads';
import { packRows } from './grams-packed';
import { PackedCodes } from './packed-codes';
import { ack } from './paced-feed';
import { gramsOf } from './search-index';

const { threshold } = workerData as { threshold: number };
const copied = new PackedCodes();
const port = parentPort!;
port.on('message', (chunk: Uint8Array | null) => {
  if (chunk) {
    copied.push(chunk);
    return port.postMessage(ack);
  }
  port.removeAllListeners('message');
  const codes = copied.end();
  const codeCounts = [...codes].map(([discountId, list]) => [discountId, list.length] as const);
  const grams = gramsOf(codes, null, threshold);
  codes.clear();
  if (!grams) return port.postMessage({ codeCounts, grams: null });
  const rows = packRows(grams.rows);
  const { frequent, pages } = grams;
  port.postMessage({ codeCounts, grams: { frequent, threshold: grams.threshold, pages, rows } }, [
    rows.discountIndex.buffer,
    rows.codeCounts.buffer,
  ]);
});

import { below, figure, ratioAtLeast, type Figure } from '../../src/index';
import { callLatencyMs, measureWorkerPush, pushCodes, pushStores } from './worker-push';

/** The reactor workers' rows of `pnpm bench scale` (decision 1500): one worker, then three and a SIGKILL. */
export const workerFigures = async (): Promise<Figure[]> => {
  console.log(`workers: push of ${pushCodes} codes to ${pushStores} stores with 1 worker…`);
  const one = await measureWorkerPush(1, false);
  console.log(`workers: 1 worker ${one.seconds.toFixed(1)} s; now 3 workers…`);
  const three = await measureWorkerPush(3, true);
  console.log(
    `workers: 3 workers ${three.seconds.toFixed(1)} s; takeover ${three.takeoverMs} ms (partitions reassigned after ${three.reassignedMs} ms)`,
  );
  const push = `push of ${pushCodes.toLocaleString('en-US')} codes to ${pushStores} emulated stores (emulator per-call latency ${callLatencyMs} ms; ten adds of 1,000, reservations left out), first add to last chunk's outcome`;
  return [
    figure({ name: `${push}, 1 worker`, value: one.seconds, unit: 's', baseline: null, target: null }),
    figure({
      name: `${push}, 3 workers vs 1 worker (speed-up: baseline 1 worker's seconds / value)`,
      value: one.seconds / three.seconds,
      unit: 'x',
      baseline: 1,
      target: ratioAtLeast(2.5, '1 worker'),
    }),
    figure({
      name: "takeover after a worker SIGKILLed (3 workers): from the kill to a survivor's first effect on one of its stores",
      value: three.takeoverMs ?? Number.NaN,
      unit: 'ms',
      baseline: null,
      target: below(15_000, 'ms'),
    }),
    figure({
      name: "takeover's first part: from the kill to a survivor's new share of the group's partitions (the rest: its first effect)",
      value: three.reassignedMs ?? Number.NaN,
      unit: 'ms',
      baseline: null,
      target: null,
    }),
  ];
};

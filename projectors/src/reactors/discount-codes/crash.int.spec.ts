import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { discountCodesStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCodes } from '../../../test/discount-codes/appends';
import { givenDiscount, type GivenDiscount } from '../../../test/discount-deployment/given';
import { settled, three } from '../../../test/discount-deployment/shopify-reads';
import { buildWorld, storeConfigs, storeIds, type World } from '../../../test/discount-deployment/world';
import { eventually } from '../../../test/fixtures/eventually';

const workerPath = fileURLToPath(new URL('../../../test/discount-deployment/worker.ts', import.meta.url));
/** 10,000 codes as ten adds of 1,000 (the API's cap per request): 4 chunks of 250 each, 40 per store. */
const adds = Array.from({ length: 10 }, (_, a) =>
  Array.from({ length: 1000 }, (_, i) => `TEN-${a}-${String(i).padStart(3, '0')}`),
);
const allCodes = adds.flat();
const chunksPerStore = 40;
/**
 * The projectors die right after Shopify accepted this many bulk mutation runs (a store's chunks ride together, decision
 * 1530: a handful of runs carry the 120 chunks, so the second is well inside the push), before they hear it.
 */
const killAfterAccepted = 2;

let world: World;
let spring: GivenDiscount;
let proxy: Server;
let worker: ChildProcess | undefined;
let accepted = 0;
let armed = false;
const stderr: string[] = [];

/**
 * Between the projectors process and the emulator: passes every call on; when armed, kills the process with
 * SIGKILL right after Shopify accepted the n-th chunk's bulk mutation run, and never answers it, so the log holds
 * that chunk as started with no outcome (the one moment the log cannot know about).
 */
const startProxy = (target: string) =>
  new Promise<Server>((resolve) => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const headers = Object.fromEntries(
          ['content-type', 'x-shopify-access-token', 'x-emulated-shop'].flatMap((h) =>
            typeof request.headers[h] === 'string' ? [[h, request.headers[h]]] : [],
          ),
        );
        void fetch(`${target}${request.url}`, { method: request.method, headers, body }).then(async (answer) => {
          const text = await answer.text();
          const isAccepted =
            body.includes('bulkOperationRunMutation') && answer.ok && text.includes('"status":"CREATED"');
          if (isAccepted && armed && ++accepted === killAfterAccepted) {
            armed = false;
            worker?.kill('SIGKILL');
            response.destroy();
            return;
          }
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          response.end(text);
        });
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

const spawnWorker = () => {
  const { port } = proxy.address() as AddressInfo;
  const child = spawn(process.execPath, ['--import', 'tsx', workerPath], {
    env: {
      ...process.env,
      DATABASE_URL: world.db.url,
      SHOPIFY_URL: `http://127.0.0.1:${port}`,
      STORES: JSON.stringify(storeConfigs(world.emulator)),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  worker = child;
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
};

const pushOutcomes = async () =>
  (await world.eventStore.readStream(discountCodesStream(spring.discountId)))
    .map(parseDomainEvent)
    .flatMap((e) =>
      (e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed') &&
      [...(e.type === 'DiscountCodesPushed' ? e.data.live : e.data.codes)].some((c) => c.startsWith('TEN-'))
        ? [e]
        : [],
    );
const startedWithoutOutcome = async () => {
  const events = (await world.eventStore.readStream(discountCodesStream(spring.discountId))).map(parseDomainEvent);
  const done = new Set(
    events.flatMap((e) =>
      e.type === 'DiscountCodesPushed' || e.type === 'DiscountCodesPushFailed' ? [e.data.chunkKey] : [],
    ),
  );
  return events.filter((e) => e.type === 'DiscountCodesPushStarted' && !done.has(e.data.chunkKey)).length;
};

beforeAll(async () => {
  world = await buildWorld();
  const runner = await world.itemIn('product', 'aurora-uk', '% Runner');
  spring = await givenDiscount(world, {
    name: 'Ten thousand',
    seedCode: 'SEED-TENK',
    stores: three,
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: runner.id, name: runner.title }, kind: 'percentage', amount: '15' }],
  });
  await settled(world, spring);
  // From here on only the worker process runs the projectors.
  await world.stopProjectors();
  proxy = await startProxy(world.emulator.url);
}, 120_000);
afterAll(async () => {
  worker?.kill('SIGKILL');
  proxy.close();
  world.emulator.faults.clear();
  await world.close();
});

it('should submit each (store, chunk) of 10,000 codes to three throttled stores exactly once across a SIGKILL, and get every code live', async () => {
  for (const slug of three) {
    // The store's first run meets an empty bucket (`CodesBulkRun($` is the run alone, not its polls or the listing),
    // and every few calls about runs after it: the adapter meets real THROTTLED answers and waits.
    world.emulator.faults.inject({ kind: 'throttle', shop: slug, operation: 'CodesBulkRun($' });
    for (let n = 0; n < 8; n++) {
      world.emulator.faults.inject({ kind: 'throttle', shop: slug, operation: 'CodesBulkRun', after: 3 + n * 5 });
    }
  }
  armed = true;
  const firstRun = spawnWorker();
  for (const codes of adds) await world.eventStore.appendMany(addCodes(spring, codes, three));
  expect(await firstRun, stderr.join('')).toEqual({ code: null, signal: 'SIGKILL' });

  // The kill landed mid-run, in the window: Shopify took a chunk whose outcome the log does not hold.
  const recordedAtKill = (await pushOutcomes()).length;
  expect(recordedAtKill).toBeLessThan(three.length * chunksPerStore);
  expect(await startedWithoutOutcome()).toBeGreaterThan(0);

  const secondRun = spawnWorker();
  await eventually(async () => (await pushOutcomes()).length === three.length * chunksPerStore, 240_000);
  worker?.kill('SIGTERM');
  await secondRun;

  const outcomes = await pushOutcomes();
  expect(outcomes.filter((e) => e.type === 'DiscountCodesPushFailed')).toEqual([]);
  const throttled = three.flatMap((slug) =>
    world.emulator.callLog.entries({ shop: slug, rootField: 'bulkOperationRunMutation', outcome: 'throttled' }),
  );
  expect(throttled.length).toBeGreaterThan(0);
  for (const slug of three) {
    const live = outcomes.flatMap((e) =>
      e.type === 'DiscountCodesPushed' && e.data.storeId === storeIds[slug] ? e.data.live : [],
    );
    expect(live.sort()).toEqual([...allCodes].sort());
    // The emulator's call log: every chunk of this store run once (a bulk mutation line), no code in two runs.
    const submitted = world.emulator.callLog
      .entries({ shop: slug, rootField: 'discountRedeemCodeBulkAdd', outcome: 'ok' })
      .filter((e) => e.codes.some((c) => c.startsWith('TEN-')));
    expect(submitted).toHaveLength(chunksPerStore);
    expect(submitted.every((e) => e.codes.length === 250)).toBe(true);
    expect(new Set(submitted.flatMap((e) => e.codes)).size).toBe(allCodes.length);
    // And Shopify holds every code, on our discount.
    const shop = world.emulator.shop(slug);
    const ours = [...shop.discounts.values()].find((d) => d.codes.explicit.some((c) => c.code === 'SEED-TENK'))!;
    expect(ours.codes.explicit.filter((c) => c.code.startsWith('TEN-')).length).toBe(allCodes.length);
  }
}, 360_000);

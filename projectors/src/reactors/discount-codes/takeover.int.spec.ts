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
 * The active projector process dies right after Shopify accepted this many bulk mutation runs (a store's chunks ride together, decision
 * 1530: a handful of runs carry the 120 chunks, so the second is well inside the push).
 */
const killAfterAccepted = 2;

let world: World;
let spring: GivenDiscount;
/** Two projector processes, each calling Shopify through its own proxy, so a proxy knows whose call it passes. */
const workers: { proxy?: Server; child?: ChildProcess; exited?: Promise<unknown> }[] = [{}, {}];
let accepted = 0;
let armed = false;
let killedAt = 0;
let victim: number | undefined;
const stderr: string[] = [];
let takeoverMs = 0;

/**
 * Between the projectors process and the emulator: passes every call on; when armed, kills the process with
 * SIGKILL right after Shopify accepted the n-th chunk's bulk mutation run, and never answers it, so the log holds
 * that chunk as started with no outcome (the one moment the log cannot know about).
 */
const startProxy = (target: string, own: number) =>
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
          // A chunk goes out as a bulk mutation run (decision 1420): its codes are in the staged upload, not here.
          const isAccepted =
            body.includes('bulkOperationRunMutation') && answer.ok && text.includes('"status":"CREATED"');
          if (isAccepted && armed && ++accepted === killAfterAccepted) {
            armed = false;
            victim = own;
            killedAt = Date.now();
            workers[own]?.child?.kill('SIGKILL');
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

const spawnWorker = (own: number) => {
  const { port } = workers[own]!.proxy!.address() as AddressInfo;
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
  workers[own]!.child = child;
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
  // From here on only the two worker processes run the projectors.
  await world.stopProjectors();
  for (const [own, worker] of workers.entries()) worker.proxy = await startProxy(world.emulator.url, own);
}, 120_000);
afterAll(async () => {
  for (const worker of workers) {
    worker.child?.kill('SIGKILL');
    worker.proxy?.close();
  }
  world.emulator.faults.clear();
  await world.close();
});

it('should, with two projector processes, have the other take the push over when the active one is SIGKILLed, submitting each chunk once', async () => {
  armed = true;
  const exits = [spawnWorker(0), spawnWorker(1)];
  for (const codes of adds) await world.eventStore.appendMany(addCodes(spring, codes, three));
  await eventually(async () => victim !== undefined, 240_000);
  const killed = victim!;
  expect(await exits[killed], stderr.join('')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(await startedWithoutOutcome()).toBeGreaterThan(0);
  // The survivor, already running, holds the lock as soon as the killed process's connection is gone.
  const recordedAtKill = (await pushOutcomes()).length;
  expect(recordedAtKill).toBeLessThan(three.length * chunksPerStore);
  await eventually(async () => (await pushOutcomes()).length > recordedAtKill, 60_000);
  takeoverMs = Date.now() - killedAt;
  await eventually(async () => (await pushOutcomes()).length === three.length * chunksPerStore, 240_000);
  const survivor = workers[1 - killed]!.child!;
  survivor.kill('SIGTERM');
  await exits[1 - killed];
  console.log(`push takeover: first outcome from the surviving process ${takeoverMs} ms after the SIGKILL`);

  const outcomes = await pushOutcomes();
  expect(outcomes.filter((e) => e.type === 'DiscountCodesPushFailed')).toEqual([]);
  for (const slug of three) {
    const live = outcomes.flatMap((e) =>
      e.type === 'DiscountCodesPushed' && e.data.storeId === storeIds[slug] ? e.data.live : [],
    );
    expect(live.sort()).toEqual([...allCodes].sort());
    // The emulator's call log: every chunk of this store accepted once, no code in two accepted calls.
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

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../../test/fixtures/eventually';
import { dataOf, givenDiscount } from '../../../test/discount-deployment/given';
import { buildWorld, storeConfigs, storeIds, type World } from '../../../test/discount-deployment/world';

const workerPath = fileURLToPath(new URL('../../../test/discount-deployment/worker.ts', import.meta.url));
const stores = ['aurora-uk', 'aurora-de', 'aurora-us'] as const;

let world: World;
let proxy: Server;
let worker: ChildProcess | undefined;
/** Set while the next discount creation Shopify applies should kill the worker before it hears the answer. */
let killOnCreate = false;
const stderr: string[] = [];

/**
 * Between the projectors and the emulator: passes every call on, except that, when armed, it kills the worker
 * right after Shopify applied a creation and never answers it — the one moment the log cannot know about.
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
        void fetch(`${target}${request.url}`, { method: 'POST', headers, body }).then(async (answer) => {
          const text = await answer.text();
          if (killOnCreate && body.includes('discountCodeAppCreate')) {
            killOnCreate = false;
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
  return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
};

beforeAll(async () => {
  world = await buildWorld();
  // From here on only the worker runs the projectors.
  await world.stopProjectors();
  proxy = await startProxy(world.emulator.url);
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  proxy.close();
  await world.close();
});

it('should leave no store with a second discount when the projectors are killed mid-deployment', async () => {
  const cap = await world.itemIn('product', 'aurora-uk', '% Cap');
  killOnCreate = true;
  const firstRun = spawnWorker();
  const discount = await givenDiscount(world, {
    name: 'Crash Course',
    seedCode: 'CRASH-COURSE',
    stores,
    discountType: 'multi',
    rules: [{ target: { type: 'product', id: cap.id, name: cap.title }, kind: 'percentage', amount: '10' }],
  });
  expect(await firstRun, stderr.join('')).toBeNull(); // killed, not exited

  const created = (slug: string) =>
    world.emulator.callLog.entries({ shop: slug, rootField: 'discountCodeAppCreate', outcome: 'ok' }).length;
  const recorded = async () =>
    (await world.outcomesOf(discount.discountId)).map((e) => dataOf<{ storeId: number }>(e).storeId);
  // The crash landed in the window: Shopify holds a discount whose outcome the log does not have.
  const unrecorded = stores.filter((slug) => created(slug) === 1);
  expect(unrecorded.length).toBeGreaterThan(0);
  expect((await recorded()).length).toBeLessThan(stores.length);

  void spawnWorker();
  await eventually(async () => (await recorded()).length === stores.length);
  const outcomes = await world.outcomesOf(discount.discountId);
  for (const slug of stores) {
    expect(created(slug), `discounts created in ${slug}`).toBe(1);
    const outcome = outcomes.find((e) => dataOf<{ storeId: number }>(e).storeId === storeIds[slug])!;
    expect(outcome.type).toBe('DiscountDeployed');
    const node = await world.gql<{ codeDiscountNodeByCode: { id: string } }>(
      slug,
      'query ($code: String!) { codeDiscountNodeByCode(code: $code) { id } }',
      { code: 'CRASH-COURSE' },
    );
    expect(dataOf(outcome).shopifyDiscountId).toBe(node.codeDiscountNodeByCode.id);
  }
  worker?.kill('SIGTERM');
});

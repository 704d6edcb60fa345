// `pnpm bench shopify`: the adapter's bucket utilisation on a 10,000-code bulk add at the Standard plan rate,
// and the JSONL export parse rate and peak RSS for 1,000,000 codes. Baselines are measured in the same run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createShopifyAdapter, productionPolicy, shopDomainOf, type ShopifyStore } from '@dm/shopify';
import { codeDiscountExportQuery, downloadBulkResult, runBulkQuery } from '@dm/shopify/bulk-export';
import { readCodeDiscountExport } from '@dm/shopify/jsonl';
import { below, figure, ratioAtLeast, reportBench } from '../src/index';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'lib', 'shopify-emulator-process.ts')],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const info = JSON.parse((await lines.next()).value as string) as {
  url: string;
  tokens: Record<string, string>;
  functionIds: Record<string, string>;
};
const command = async (text: string) => {
  child.stdin.write(`${text}\n`);
  await lines.next();
};

const adapter = createShopifyAdapter({
  stores: Object.entries(info.tokens).map(([slug, token]) => ({ slug, domain: shopDomainOf(slug), token })),
  emulatorUrl: info.url,
  policy: { pollIntervalMs: 250 },
});
const storeOf = (slug: string): ShopifyStore => {
  const found = adapter.store(slug);
  if (!found.ok) throw found.error;
  return found.store;
};

// 1. Bulk add: 10,000 codes, 25 of them already taken (so five chunks need their per-code reasons read back).
const standard = storeOf('bench-standard');
const { id } = await standard.createDiscount({
  kind: 'multi',
  title: 'Bench',
  code: 'BENCH-SEED',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  functionId: info.functionIds['bench-standard']!,
  rules: [{ value: { percentage: 10 }, appliesTo: { all: true } }],
});
const codes = Array.from({ length: 10_000 }, (_, i) =>
  i % 2000 < 5 ? (i === 0 ? 'BENCH-SEED' : 'WELCOME10') : `B${String(i).padStart(6, '0')}`,
);
// The bucket starts empty (the store's other work spent it), so the run is paced by the restore rate alone.
await command('drain bench-standard');
const spentBefore = standard.client.spentPoints;
const started = performance.now();
const results = await standard.addCodes(id, codes, { concurrency: 8 });
const seconds = (performance.now() - started) / 1000;
const spent = standard.client.spentPoints - spentBefore;
const allowed = 100 * seconds;
console.log(
  `bulk add: ${results.filter((r) => r.status === 'added').length} added, ${results.filter((r) => r.status !== 'added').length} refused, ${spent} points in ${seconds.toFixed(1)} s`,
);

// 2. Export of 1,000,000 codes: download once, then parse the same file both ways.
const million = storeOf('bench-million');
const exportStart = performance.now();
const op = await runBulkQuery(million.client, { ...productionPolicy, pollIntervalMs: 250 }, codeDiscountExportQuery);
const dir = await mkdtemp(path.join(tmpdir(), 'dm-bench-export-'));
const file = path.join(dir, 'export.jsonl');
await downloadBulkResult(million.client, productionPolicy, op, file);
console.log(`export: bulk operation and download took ${((performance.now() - exportStart) / 1000).toFixed(1)} s`);

// Each way twice, alternating, keeping the faster run: the first pass also warms the file cache and the JIT.
const rawPass = async (): Promise<number> => {
  let lines = 0;
  const t0 = performance.now();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line) {
      JSON.parse(line);
      lines += 1;
    }
  }
  return lines / ((performance.now() - t0) / 1000);
};
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
let parsedCodes = 0;
const adapterPass = async (): Promise<number> => {
  let records = 0;
  parsedCodes = 0;
  const t0 = performance.now();
  for await (const record of readCodeDiscountExport(file)) {
    records += 1;
    if (record.kind === 'code') parsedCodes += 1;
  }
  return records / ((performance.now() - t0) / 1000);
};
let rawRate = 0;
let parseRate = 0;
for (let i = 0; i < 2; i++) {
  rawRate = Math.max(rawRate, await rawPass());
  parseRate = Math.max(parseRate, await adapterPass());
}
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.log(`export: ${parsedCodes} codes parsed, file ${(Number(op.fileSize) / 1e6).toFixed(0)} MB`);
await rm(dir, { recursive: true, force: true });
child.stdin.write('stop\n');
await once(child, 'exit');

reportBench('shopify', [
  figure({
    name: 'bulk add 10,000 codes: bucket points used',
    value: spent,
    unit: 'points',
    baseline: allowed,
    target: ratioAtLeast(0.9, 'the points the bucket allows (100/s × duration)'),
  }),
  figure({
    name: 'export parse rate (1,000,000 codes), best of 2 (baseline: JSON.parse per line, best of 2)',
    value: parseRate,
    unit: 'records/s',
    baseline: rawRate,
    target: null,
  }),
  figure({
    name: 'export parse peak RSS',
    value: peakRss / 1024 / 1024,
    unit: 'MB',
    baseline: null,
    target: below(300, 'MB'),
  }),
]);

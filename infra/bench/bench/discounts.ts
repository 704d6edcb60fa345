// `pnpm bench discounts`: 10,000 discounts across 2 brands appended to the log in bulk and projected, then the
// list (page 1, page 100, the last page, each filter) and the dashboard's calls over HTTP on the real query API,
// each beside its own SQL alone through pg in the same run (decision 1034); the preview of a discount with 10 rules
// over 20 stores on the real command API beside its catalog reads alone (decision 1410).
import { buildApp as buildCommandApp } from '@dm/command-api/build-app';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, rebuildAll } from '@dm/projectors';
import { buildApp } from '@dm/query-api/build-app';
import { createSession } from '@dm/server-kit';
import pino from 'pino';
import { benchDiscountDeployment } from '../src/discount-deployment';
import { benchDiscountPreview, createPreviewBrand, previewAdminEmail } from '../src/discount-preview';
import { figure, reportBench, type Figure } from '../src/index';
import { listRead, measureDiscountReads, statsRead } from '../src/discounts-reads';
import { appendDiscounts, createBrandsAndStores } from '../src/discounts-world';
import { startBenchDatabase } from './lib/bench-database';

const discountCount = Number(process.env.BENCH_DISCOUNTS ?? 10_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const logger = pino({ level: 'warn' });

const db = await startBenchDatabase();
const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const commands = createCommandBus({ eventStore });
const figures: Figure[] = [];
try {
  const brands = await createBrandsAndStores(commands);
  const brandIds = brands.map((b) => b.id);
  // Staff who work for both brands: their list is every discount, the case with the most rows to order.
  await commands.grantPermission({ email: 'bench-admin@bench.test', permissionLevel: 'admin', brandIds }, systemActor);
  const previewBrandId = await createPreviewBrand(commands);

  console.log(`appending ${discountCount} discounts…`);
  const started = performance.now();
  const appended = await appendDiscounts(eventStore, discountCount);
  const appendRate = appended / ((performance.now() - started) / 1000);
  console.log(`projecting ${appended} events…`);
  const rebuilt = await rebuildAll({ pool: db.pool, eventStore, projections, logger, batchSize: 1000 });
  const discounts = rebuilt.find((r) => r.name === 'discounts')!;
  figures.push(
    figure({
      name: `append ${discountCount} discounts (${appended} events: creates, code reservations, deployment outcomes), atomic appends of 100 creates, 4 at once`,
      value: appendRate,
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
    figure({
      name: `project them: the discounts projection from an empty read model, batches of 1,000 (${discounts.handled} events handled)`,
      value: discounts.events / (discounts.ms / 1000),
      unit: 'events/s',
      baseline: null,
      target: null,
    }),
  );
  // What autovacuum does after a bulk load, done now so that it does not share the measured runs.
  await db.pool.query('VACUUM (ANALYZE) rm.discounts, rm.discount_deployments, rm.code_reservations');

  const app = await buildApp({ db: db.pool, publicUrl: 'http://localhost:3000', projections, logLevel: 'warn' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db.pool, {
    email: 'bench-admin@bench.test',
    userId: 'bench-admin',
    firstName: 'Bench',
    lastName: 'Admin',
    profileImageUrl: null,
    idToken: null,
  });
  const lastPage = String(Math.ceil(discountCount / 50));
  const reads = [
    listRead('dashboard: GET /api/discounts, no query', {}, brandIds),
    listRead('list page 100', { page: '100' }, brandIds),
    listRead(`list page ${lastPage}, the last`, { page: lastPage }, brandIds),
    listRead('list one brand', { brandId: '1' }, brandIds),
    listRead('list search', { search: 'summer' }, brandIds),
    listRead('list type gwp', { type: 'gwp' }, brandIds),
    listRead('list type multi', { type: 'multi' }, brandIds),
    listRead('list type percentage', { type: 'percentage' }, brandIds),
    listRead('list type fixed_amount', { type: 'fixed_amount' }, brandIds),
    listRead('list created in June 2024', { dateFrom: '2024-06-01', dateTo: '2024-06-30' }, brandIds),
    listRead(
      'list search, type and dates, page 2',
      {
        search: 'sale',
        type: 'percentage',
        dateFrom: '2024-03-01',
        dateTo: '2025-03-31',
        page: '2',
      },
      brandIds,
    ),
    statsRead(brandIds),
  ];
  try {
    figures.push(...(await measureDiscountReads(db.pool, base, `dm_session=${token}`, reads, samples)));
  } finally {
    await app.close();
  }
  const commandApp = await buildCommandApp({
    db: db.pool,
    eventStore,
    publicUrl: 'http://localhost:3000',
    logLevel: 'warn',
    // Every preview store counts as connected (decision 1415): the bench has no Shopify tokens.
    hasShopifyToken: () => true,
  });
  const commandBase = await commandApp.listen({ port: 0, host: '127.0.0.1' });
  const previewToken = await createSession(db.pool, {
    email: previewAdminEmail,
    userId: 'bench-preview',
    firstName: 'Bench',
    lastName: 'Preview',
    profileImageUrl: null,
    idToken: null,
  });
  try {
    figures.push(
      ...(await benchDiscountPreview(db.pool, commandBase, `dm_session=${previewToken}`, previewBrandId, samples)),
    );
  } finally {
    await commandApp.close();
  }
} finally {
  await eventStore.close();
  await db.stop();
}
// The deployment row starts its own database and emulator, so it runs after this one stopped.
figures.push(...(await benchDiscountDeployment()));
reportBench('discounts', figures);

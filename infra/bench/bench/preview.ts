// `pnpm bench preview`: the preview row of `pnpm bench discounts` alone (10 rules over 20 stores on the real command
// API, beside its catalog reads through pg), without the 10,000 discounts and the deployment row around it.
import { buildApp as buildCommandApp } from '@dm/command-api/build-app';
import { createCommandBus } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, rebuildAll } from '@dm/projectors';
import { createSession } from '@dm/server-kit';
import pino from 'pino';
import { benchDiscountPreview, createPreviewBrand, previewAdminEmail } from '../src/discount-preview';
import { appendDiscounts, createBrandsAndStores } from '../src/discounts-world';
import { reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';

const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const discountCount = Number(process.env.BENCH_DISCOUNTS ?? 1_000);
const logger = pino({ level: 'warn' });

const db = await startBenchDatabase();
const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const commands = createCommandBus({ eventStore });
const figures: Figure[] = [];
try {
  // The same world as `pnpm bench discounts` (two brands first, so the preview's is brand 3), with few discounts.
  await createBrandsAndStores(commands);
  const brandId = await createPreviewBrand(commands);
  await appendDiscounts(eventStore, discountCount);
  await rebuildAll({ pool: db.pool, eventStore, projections, logger, batchSize: 1000 });
  const app = await buildCommandApp({
    db: db.pool,
    eventStore,
    publicUrl: 'http://localhost:3000',
    logLevel: 'warn',
    // Every preview store counts as connected (decision 1415): the bench has no Shopify tokens.
    hasShopifyToken: () => true,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db.pool, {
    email: previewAdminEmail,
    userId: 'bench-preview',
    firstName: 'Bench',
    lastName: 'Preview',
    profileImageUrl: null,
    idToken: null,
  });
  try {
    figures.push(...(await benchDiscountPreview(db.pool, base, `dm_session=${token}`, brandId, samples)));
  } finally {
    await app.close();
  }
} finally {
  await eventStore.close();
  await db.stop();
}
reportBench('preview', figures);

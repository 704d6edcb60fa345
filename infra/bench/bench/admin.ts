// `pnpm bench admin`: the admin screens' lists at scale. Seeds 2,000 people and 2,000 stores through the
// command bus, projects them, then times GET /api/permissions and GET /api/stores over HTTP on the real
// query API, with the same SQL run directly through `pg` in the same run as the baseline.
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { projections, startProjectors } from '@dm/projectors';
import { buildApp } from '@dm/query-api/build-app';
import { createSession } from '@dm/server-kit';
import pino from 'pino';
import { below, figure, percentile, reportBench, type Figure } from '../src/index';
import { startBenchDatabase } from './lib/bench-database';

const userCount = Number(process.env.BENCH_USERS ?? 2_000);
const storeCount = Number(process.env.BENCH_STORES ?? 2_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 300);
const brandCount = 20;
const targetMs = 200;

// The list queries as query-api runs them (features/users/queries.ts, features/locations/queries.ts).
const permissionsSql = `
  SELECT p.user_id, p.email, p.display_name, p.username, p.profile_image, p.permission_level, p.auth_type,
         p.brand_id, b.name AS brand_name
  FROM rm.user_permissions p LEFT JOIN rm.brands b ON b.id = p.brand_id
  WHERE $1::boolean OR p.brand_id = ANY($2::int[])
  ORDER BY lower(coalesce(p.display_name, p.email)), p.email, b.name, p.brand_id`;
const storesSql = `
  SELECT s.id, s.name, s.url_slug AS "urlSlug", s.shopify_domain AS "shopifyDomain", s.brand_id AS "brandId",
         s.country_id AS "countryId", s.is_active AS "isActive",
         c.code AS "countryCode", c.name AS "countryName", r.code AS "regionCode", r.name AS "regionName"
  FROM rm.stores s JOIN rm.countries c ON c.id = s.country_id JOIN rm.regions r ON r.id = c.region_id
  WHERE $1::int[] IS NULL OR s.brand_id = ANY($1::int[]) ORDER BY s.brand_id, s.url_slug`;

const time = async (label: string, run: () => Promise<number>) => {
  for (let i = 0; i < 20; i++) await run(); // warm-up: plans cached, pages in memory
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const rows = await run();
    ms.push(performance.now() - start);
    if (i === 0) console.log(`${label}: ${rows} rows`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
};

const db = await startBenchDatabase();
const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
const commands = createCommandBus({ eventStore });
const figures: Figure[] = [];
try {
  const started = performance.now();
  const brands = Array.from({ length: brandCount }, (_, i) => ({
    id: i + 1,
    name: `Brand ${String(i + 1).padStart(2, '0')}`,
  }));
  for (const brand of brands) await commands.registerBrand(brand.name, systemActor);

  console.log(`seeding ${userCount} people…`);
  const levels = ['user', 'manager', 'admin'] as const;
  for (let i = 0; i < userCount; i += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, userCount - i) }, (_, k) => {
        const n = i + k;
        const brandIds = [(n % brandCount) + 1, ((n + 7) % brandCount) + 1];
        return commands.grantPermission(
          { email: `person${n}@bench.test`, permissionLevel: levels[n % 3]!, brandIds },
          systemActor,
        );
      }),
    );
  }

  console.log(`seeding ${storeCount} stores (one stream, so one at a time)…`);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const countries = 50;
  for (let c = 0; c < countries; c++) {
    await commands.createCountry(
      { code: `${letters[Math.floor(c / 26)]}${letters[c % 26]}`, name: `Country ${c}`, regionId: 1 },
      systemActor,
    );
  }
  for (let s = 0; s < storeCount; s++) {
    const brand = brands[s % brandCount]!;
    await commands.createStore(
      { urlSlug: `store-${s}`, brandId: brand.id, brandName: brand.name, countryId: (s % countries) + 1 },
      systemActor,
    );
  }
  await commands.grantPermission(
    { email: 'bench-super@bench.test', permissionLevel: 'super_admin', brandIds: [1] },
    systemActor,
  );

  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger: pino({ level: 'silent' }),
  });
  await projectors.waitForIdle();
  await projectors.stop();
  console.log(`seeded and projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const app = await buildApp({ db: db.pool, publicUrl: 'http://localhost:3000', logLevel: 'warn' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db.pool, {
    email: 'bench-super@bench.test',
    userId: 'bench-super',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    idToken: null,
  });
  const get = (path: string) => async () => {
    const res = await fetch(`${address}${path}`, { headers: { cookie: `dm_session=${token}` } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as unknown[]).length;
  };
  const sql = (text: string, params: unknown[]) => async () => (await db.pool.query(text, params)).rowCount ?? 0;

  const endpoints = [
    {
      name: 'GET /api/permissions (super admin, every row)',
      http: get('/api/permissions'),
      raw: sql(permissionsSql, [true, []]),
    },
    { name: 'GET /api/stores (super admin, every store)', http: get('/api/stores'), raw: sql(storesSql, [null]) },
  ];
  for (const endpoint of endpoints) {
    const http = await time(endpoint.name, endpoint.http);
    const raw = await time(`${endpoint.name} (SQL only)`, endpoint.raw);
    for (const p of ['p50', 'p95'] as const) {
      figures.push(
        figure({
          name: `${endpoint.name} ${p} of ${samples} (baseline: the same SQL through pg)`,
          value: http[p],
          unit: 'ms',
          baseline: raw[p],
          target: p === 'p95' ? below(targetMs, 'ms') : null,
        }),
      );
    }
  }
  await app.close();
} finally {
  await eventStore.close();
  await db.stop();
}
reportBench('admin', figures);

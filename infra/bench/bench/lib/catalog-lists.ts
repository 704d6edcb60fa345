import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { buildApp } from '@dm/query-api/build-app';
import { collectionListSql, productListSql } from '@dm/query-api/catalog-queries';
import { createSession } from '@dm/server-kit';
import type pg from 'pg';
import { figure, percentile, type Figure } from '../../src/index';

const samples = Number(process.env.BENCH_LIST_SAMPLES ?? 30);

const timeIt = async (times: number, run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
};

/** p50/p95 of each catalog list over real HTTP, against its SQL alone through pg in the same run. */
/**
 * `changeCatalog` moves the catalog (e.g. marks a product) so the next read cannot reuse a rendered list:
 * the cold figures time that first read; the warm ones time reads of an unchanged catalog.
 */
export const measureListEndpoints = async (
  pool: pg.Pool,
  brandId: number,
  changeCatalog: () => Promise<void>,
): Promise<Figure[]> => {
  const eventStore = createPostgresEventStore({ pool });
  const commands = createCommandBus({ eventStore });
  await commands.grantPermission({ email: 'bench@bench.test', permissionLevel: 'super_admin', brandIds: [brandId] }, systemActor);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the users projection picks the grant up
  const token = await createSession(pool, {
    email: 'bench@bench.test',
    userId: 'bench',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    idToken: null,
  });
  const app = await buildApp({ db: pool, publicUrl: 'http://localhost:3000', logLevel: 'silent' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const endpoints: [string, string | null][] = [
    ['/api/products/all', productListSql(false)],
    ['/api/products', productListSql(true)],
    ['/api/collections', collectionListSql(false)],
    ['/api/collections/available', collectionListSql(true)],
    ['/api/products/links', null],
  ];
  const figures: Figure[] = [];
  try {
    for (const [path, sql] of endpoints) {
      let body = '';
      // Time to the last byte of the answer; the client's own JSON parsing is not the server's latency.
      const read = async () => {
        const res = await fetch(`${base}${path}?brandId=${brandId}`, { headers: { cookie: `dm_session=${token}` } });
        body = await res.text();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      };
      // The screen where someone makes a change has shown the list before it: the figures below time the read
      // that follows a change, and this one the server's first read of the list since it started.
      const [firstRead] = await timeIt(1, read);
      const cold: number[] = [];
      for (let i = 0; i < Math.min(samples, 10); i++) {
        await changeCatalog();
        cold.push((await timeIt(1, read))[0]!);
      }
      const http = await timeIt(samples, read);
      const size = (JSON.parse(body) as unknown[]).length;
      cold.sort((a, b) => a - b);
      const sqlP95 = sql ? percentile(await timeIt(10, () => pool.query(sql, [brandId])), 95) : null;
      figures.push(
        figure({
          name: `GET ${path} (${size} items) first read since the server started`,
          value: firstRead!,
          unit: 'ms',
          baseline: sqlP95,
          target: 'reported (a whole render, as after a new title or item; baseline: its SQL alone)',
          met: true,
        }),
        figure({
          name: `GET ${path} (${size} items) p95, first read after a change`,
          value: percentile(cold, 95),
          unit: 'ms',
          baseline: sqlP95,
          target: 'p95 < 200 ms',
          met: percentile(cold, 95) < 200,
        }),
      );
      const raw = sql ? await timeIt(samples, () => pool.query(sql, [brandId])) : null;
      for (const p of [50, 95]) {
        figures.push(
          figure({
            name: `GET ${path} (${size} items) p${p}, unchanged catalog`,
            value: percentile(http, p),
            unit: 'ms',
            baseline: raw ? percentile(raw, p) : null,
            target: p === 95 ? 'p95 < 200 ms' : 'reported (baseline: its SQL alone)',
            met: p === 95 ? percentile(http, p) < 200 : true,
          }),
        );
      }
    }
  } finally {
    await app.close();
    await eventStore.close();
  }
  return figures;
};

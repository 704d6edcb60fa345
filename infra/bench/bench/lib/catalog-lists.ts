import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { buildApp } from '@dm/query-api/build-app';
import { collectionListSql, productLinksSql, productListSql } from '@dm/query-api/catalog-queries';
import { createSession } from '@dm/server-kit';
import type pg from 'pg';
import { below, figure, percentile, type Figure } from '../../src/index';

const samples = Number(process.env.BENCH_LIST_SAMPLES ?? 30);
const changes = 10;

const timeIt = async (times: number, run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
};

/** A list, its SQL alone, and a change to the catalog that this list shows (so its next read cannot be reused). */
export interface ListEndpoint {
  readonly path: string;
  readonly sql: string;
  readonly change: () => Promise<void>;
}

/** The product, collection and link changes that `listEndpoints` needs, each undoing the one before. */
export interface CatalogChanges {
  readonly product: () => Promise<void>;
  readonly collection: () => Promise<void>;
  readonly productLink: () => Promise<void>;
}

export const listEndpoints = (change: CatalogChanges): ListEndpoint[] => [
  { path: '/api/products/all', sql: productListSql(false), change: change.product },
  { path: '/api/products', sql: productListSql(true), change: change.product },
  { path: '/api/collections', sql: collectionListSql(false), change: change.collection },
  { path: '/api/collections/available', sql: collectionListSql(true), change: change.collection },
  { path: '/api/products/links', sql: productLinksSql, change: change.productLink },
];

/**
 * Each catalog list over real HTTP against its SQL alone through pg in the same run, sample for sample: the
 * server's first read of the list (one sample each), the first read after a change the list shows (`changes`
 * samples each), and reads of an unchanged catalog (`samples` each).
 */
export const measureListEndpoints = async (
  pool: pg.Pool,
  brandId: number,
  endpoints: readonly ListEndpoint[],
): Promise<Figure[]> => {
  const eventStore = createPostgresEventStore({ pool });
  const commands = createCommandBus({ eventStore });
  await commands.grantPermission(
    { email: 'bench@bench.test', permissionLevel: 'super_admin', brandIds: [brandId] },
    systemActor,
  );
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
  const figures: Figure[] = [];
  try {
    for (const { path, sql, change } of endpoints) {
      let body = '';
      // Time to the last byte of the answer; the client's own JSON parsing is not the server's latency.
      const read = async () => {
        const res = await fetch(`${base}${path}?brandId=${brandId}`, { headers: { cookie: `dm_session=${token}` } });
        body = await res.text();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      };
      const query = () => pool.query(sql, [brandId]);
      // The screen where someone makes a change has shown the list before it: the second pair of figures times
      // the read that follows a change, the first the server's first read of the list since it started.
      const [firstRead] = await timeIt(1, read);
      const [firstQuery] = await timeIt(1, query);
      const [afterChange, queryAfterChange]: [number[], number[]] = [[], []];
      for (let i = 0; i < changes; i++) {
        await change();
        afterChange.push((await timeIt(1, read))[0]!);
        queryAfterChange.push((await timeIt(1, query))[0]!);
      }
      const http = await timeIt(samples, read);
      const raw = await timeIt(samples, query);
      const size = (JSON.parse(body) as unknown[]).length;
      afterChange.sort((a, b) => a - b);
      queryAfterChange.sort((a, b) => a - b);
      const list = `GET ${path} (${size} items)`;
      figures.push(
        figure({
          name: `${list} first read since the server started, 1 sample (baseline: its SQL alone, 1 sample)`,
          value: firstRead!,
          unit: 'ms',
          baseline: firstQuery!,
          target: null,
        }),
        figure({
          name: `${list} first read after a change it shows, p95 of ${changes} (baseline: its SQL alone, same)`,
          value: percentile(afterChange, 95),
          unit: 'ms',
          baseline: percentile(queryAfterChange, 95),
          target: below(200, 'ms'),
        }),
      );
      for (const p of [50, 95]) {
        figures.push(
          figure({
            name: `${list} unchanged catalog, p${p} of ${samples} (baseline: its SQL alone, same)`,
            value: percentile(http, p),
            unit: 'ms',
            baseline: percentile(raw, p),
            target: p === 95 ? below(200, 'ms') : null,
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

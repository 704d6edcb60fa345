import { buildApp as buildCommandApi } from '@dm/command-api/build-app';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore } from '@dm/event-store';
import { discountCodesQuerySchema } from '@dm/events/http';
import { projections, startProjectors } from '@dm/projectors';
import { buildApp as buildQueryApi } from '@dm/query-api/build-app';
import { listDiscountCodes } from '@dm/query-api/discount-code-queries';
import { createSession } from '@dm/server-kit';
import pg from 'pg';
import pino from 'pino';
import { createSiblingDatabase, startBenchDatabase } from '../bench/lib/bench-database';
import { csvRows, importThroughCsvImport, rawLedgerInsertRate, type ImportCodes } from './codes-import';
import { benchActor, givenLiveDiscount, timeSamples } from './codes-world';
import { allOf, below, figure, percentile, ratioAtLeast, type Figure } from './index';

const rowCount = 100_000;
const storeIds = [1, 2];
const samples = 200;
const publicUrl = 'http://localhost:3000';

/**
 * `pnpm bench codes`, the rows of a discount with 100,000 codes (no Shopify: no reactor runs, the discount is
 * live in two stores as the log records it): a 100,000-row CSV checked and reserved against the raw ledger insert
 * rate measured on an empty sibling database; then its codes page over HTTP (page 1, page 1,000, searches) beside
 * its statements alone, and adding one code to it over HTTP beside adding one to a discount without codes.
 */
export const benchCodesImportAndReads = async (
  importCodes: ImportCodes = importThroughCsvImport,
): Promise<Figure[]> => {
  const logger = pino({ level: 'warn' });
  const db = await startBenchDatabase();
  const rawUrl = await createSiblingDatabase(db.url, 'codes_raw');
  const rawPool = new pg.Pool({ connectionString: rawUrl, max: 8 });
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const rawStore = createPostgresEventStore({ pool: rawPool, connectionString: rawUrl });
  const commands = createCommandBus({ eventStore, db: db.pool });
  const figures: Figure[] = [];
  try {
    await commands.registerBrand('Bench', systemActor);
    await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
    await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
    await commands.createCountry({ code: 'DE', name: 'Germany', regionId: 1 }, systemActor);
    for (const [i, urlSlug] of ['bench-gb', 'bench-de'].entries()) {
      await commands.createStore({ urlSlug, brandId: 1, brandName: 'Bench', countryId: i + 1 }, systemActor);
    }
    await commands.grantPermission({ email: benchActor.email!, permissionLevel: 'user', brandIds: [1] }, systemActor);
    const big = await givenLiveDiscount(eventStore, storeIds, 'Influencers 100k', 'BIG-SEED');
    const empty = await givenLiveDiscount(eventStore, storeIds, 'No codes yet', 'EMPTY-SEED');
    const rows = csvRows(rowCount);

    console.log(`codes: the raw ledger floor, ${rowCount} rows x ${storeIds.length} stores…`);
    const rawRate = await rawLedgerInsertRate(rawStore, big, storeIds, rows);
    console.log(`codes: importing ${rowCount} rows through ${importCodes.path}…`);
    const started = performance.now();
    await importCodes.run({ commands, discountId: big, storeIds }, rows);
    const importSeconds = (performance.now() - started) / 1000;
    console.log(`codes: imported in ${importSeconds.toFixed(1)} s; projecting…`);
    const projecting = performance.now();
    const projectors = startProjectors({ pool: db.pool, eventStore, projections, reactors: [], logger });
    await projectors.waitForIdle();
    const projectSeconds = (performance.now() - projecting) / 1000;
    await db.pool.query('VACUUM (ANALYZE) rm.discount_codes, rm.discount_code_stores, rm.code_reservations');
    figures.push(
      figure({
        name: `CSV import of ${rowCount.toLocaleString('en-US')} rows to ${storeIds.length} stores, checked and reserved (through ${importCodes.path})`,
        value: importSeconds,
        unit: 's',
        baseline: null,
        target: below(60, 's'),
      }),
      figure({
        name: `the same import, rows per second (baseline: the raw ledger insert rate, the same reservations appended alone on an empty database)`,
        value: rowCount / importSeconds,
        unit: 'rows/s',
        baseline: rawRate,
        target: ratioAtLeast(0.3, 'the raw ledger insert rate'),
      }),
      figure({
        name: `projecting those codes into the codes page's tables (for comparison, not part of the import)`,
        value: projectSeconds,
        unit: 's',
        baseline: null,
        target: null,
      }),
    );

    const token = await createSession(db.pool, {
      email: benchActor.email!,
      userId: benchActor.id,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      idToken: null,
    });
    const headers = { cookie: `dm_session=${token}`, origin: publicUrl };
    const queryApi = await buildQueryApi({ db: db.pool, publicUrl, projections, logLevel: 'silent' });
    const commandApi = await buildCommandApi({ db: db.pool, publicUrl, logLevel: 'silent' });
    try {
      const reads = `${await queryApi.listen({ port: 0, host: '127.0.0.1' })}/api/discounts/${big}/codes`;
      const cases: { name: string; query: Record<string, string> }[] = [
        { name: 'page 1', query: {} },
        { name: 'page 1,000', query: { page: '1000' } },
        { name: 'search one code (imp-04217: 10 codes)', query: { search: 'imp-04217' } },
        { name: 'search an influencer (influencer 7: 2,000 codes)', query: { search: 'influencer 7' } },
      ];
      for (const c of cases) {
        const search = new URLSearchParams(c.query).toString();
        const parsed = discountCodesQuerySchema.parse(c.query);
        let total = -1;
        const { a: http, b: sql } = await timeSamples(
          async () => {
            const response = await fetch(`${reads}${search ? `?${search}` : ''}`, { headers });
            const body = await response.text();
            if (!response.ok) throw new Error(`${c.name}: ${response.status} ${body}`);
            total = (JSON.parse(body) as { total: number }).total;
          },
          () => listDiscountCodes(db.pool, { id: big, brandId: 1 }, parsed),
          samples,
        );
        figures.push(
          figure({
            name: `codes page of a discount with ${rowCount.toLocaleString('en-US')} codes, ${c.name} (total ${total}), p95 of ${samples} over HTTP (baseline: its statements alone through pg)`,
            value: percentile(http, 95),
            unit: 'ms',
            baseline: percentile(sql, 95),
            target: allOf(below(100, 'ms')),
          }),
        );
      }

      const writes = await commandApi.listen({ port: 0, host: '127.0.0.1' });
      let n = 0;
      const addOne = (discountId: string, prefix: string) => async () => {
        const response = await fetch(`${writes}/api/discounts/${discountId}/codes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ codes: `${prefix}-${n++}`, stores: storeIds }),
        });
        if (response.status !== 201) throw new Error(`add one code: ${response.status} ${await response.text()}`);
      };
      const { a: toBig, b: toEmpty } = await timeSamples(addOne(big, 'ONE'), addOne(empty, 'FIRST'), samples);
      figures.push(
        figure({
          name: `add one code to the discount with ${rowCount.toLocaleString('en-US')} codes, p95 of ${samples} over HTTP (baseline: one code to a discount without codes, same samples)`,
          value: percentile(toBig, 95),
          unit: 'ms',
          baseline: percentile(toEmpty, 95),
          target: allOf(below(100, 'ms')),
        }),
        figure({
          name: 'the same, p50 (baseline: a discount without codes, p50)',
          value: percentile(toBig, 50),
          unit: 'ms',
          baseline: percentile(toEmpty, 50),
          target: null,
        }),
      );
    } finally {
      await commandApi.close();
      await queryApi.close();
      await projectors.stop();
    }
  } finally {
    await rawStore.close();
    await rawPool.end();
    await eventStore.close();
    await db.stop();
  }
  return figures;
};

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { createPostgresEventStore, type EventStore } from '@dm/event-store';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { projections, startProjectors, type Projectors } from '@dm/projectors';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
let db: TestDatabase;
let eventStore: EventStore;
let projectors: Projectors;

/** Runs `pnpm history …` / `pnpm replay …` as a person would, against the test database. */
const cli = (script: 'history' | 'replay', args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      'node_modules/.bin/tsx',
      [`src/cli/${script}.ts`, ...args],
      { cwd: packageDir, env: { ...process.env, DATABASE_URL: db.url } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
const headIn = (out: string) => /keep it outside the database\): (\d+:[0-9a-f]{64})/.exec(out)?.[1];

beforeAll(async () => {
  db = await createTestDatabase();
  eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const commands = createCommandBus({ eventStore });
  await commands.registerBrand('Aurora', systemActor);
  await commands.createRegion({ code: 'EU', name: 'Europe' }, systemActor);
  await commands.createCountry({ code: 'GB', name: 'United Kingdom', regionId: 1 }, systemActor);
  await commands.createStore({ urlSlug: 'aurora-uk', brandId: 1, brandName: 'Aurora', countryId: 1 }, systemActor);
  projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger: pino({ level: 'silent' }),
    tuning: { pollMs: 50 },
  });
  await projectors.waitForIdle();
});
afterAll(async () => {
  await projectors.stop();
  await eventStore.close();
  await db.drop();
});

describe('The auditor commands, run as commands', () => {
  it('should verify a clean log and a clean replay, then name a rewritten event and fail the kept head', async () => {
    const replay = await cli('replay', ['--verify']);
    expect(replay, replay.out).toMatchObject({ code: 0 });
    expect(replay.out).toMatch(/No differences/);

    const clean = await cli('history', ['verify']);
    expect(clean, clean.out).toMatchObject({ code: 0 });
    expect(clean.out).toMatch(/All 4 events verify\./);
    const kept = headIn(clean.out)!;

    await projectors.stop(); // the DBA's rewrite, and the chain recomputed to match it
    const { rows } = await db.pool.query<{ p: string }>(
      `SELECT global_position::text AS p FROM es.events WHERE type = 'RegionCreated'`,
    );
    const client = await db.pool.connect();
    await client.query('BEGIN; ALTER TABLE es.events DISABLE TRIGGER events_append_only');
    await client.query(
      `UPDATE es.events SET data = jsonb_set(data, '{name}', '"Elsewhere"') WHERE global_position = $1`,
      [rows[0]!.p],
    );
    await client.query('ALTER TABLE es.events ENABLE TRIGGER events_append_only; COMMIT');
    client.release();
    const named = await cli('history', ['verify']);
    expect(named.code).toBe(1);
    expect(named.out).toContain(`Event ${rows[0]!.p} (stream locations, RegionCreated) does not verify`);

    await db.pool.query('TRUNCATE es.event_chain');
    projectors = startProjectors({
      pool: db.pool,
      eventStore,
      projections: [],
      reactors: [],
      logger: pino({ level: 'silent' }),
    });
    await projectors.waitForIdle();
    const recomputed = await cli('history', ['verify', '--against', kept]);
    expect(recomputed.code).toBe(1);
    expect(recomputed.out).toMatch(/All 4 events verify\./);
    expect(recomputed.out).toMatch(/has been changed/);

    const bad = await cli('history', ['verify', '--against', 'yesterday']);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/--against takes a head/);
  });
});

import { migrate } from '@dm/migrations';
import { detectDockerEngine } from '@dm/postgres/docker-engine';
import { PostgreSqlContainer, type StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresEventStore } from '../src';
import { runEventStoreContract } from './contract';

// The PostgreSQL event store against a stock PostgreSQL server in a container (testcontainers' module), migrated by
// our migrations: the contract the integration run checks on embedded PostgreSQL. Only in `pnpm test:docker`; it
// fails there when no engine is reachable. It has never run on the project's own machines, which have no Docker.
const image = process.env.POSTGRES_IMAGE ?? 'postgres:18-alpine';

let container: StartedPostgreSqlContainer;
let pool: pg.Pool;
beforeAll(async () => {
  const engine = await detectDockerEngine();
  if (!engine.reachable) throw new Error(`The PostgreSQL container suite needs a Docker engine: ${engine.reason}`);
  container = await new PostgreSqlContainer(image).start();
  pool = new pg.Pool({ connectionString: container.getConnectionUri(), max: 40 });
  await migrate(pool);
}, 240_000);
afterAll(async () => {
  await pool?.end();
  await container?.stop();
});

runEventStoreContract('postgres in a container', ({ upcast }) => createPostgresEventStore({ pool, upcast }));

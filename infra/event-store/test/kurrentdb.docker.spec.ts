import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll } from 'vitest';
import { createKurrentDbEventStore } from '../src/kurrentdb-event-store';
import { runEventStoreContract } from './contract';
import { detectDockerEngine } from '@dm/postgres/docker-engine';

// The KurrentDB adapter against a real KurrentDB in a container: the same contract as the PostgreSQL store.
// Runs only in the `docker` project (`pnpm test:docker`, where a Docker engine exists), and fails there when
// no engine is reachable. It has never run on the project's own machines, which have no Docker engine.
const image = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';

let container: StartedTestContainer;
let connectionString = '';
beforeAll(async () => {
  const engine = await detectDockerEngine();
  if (!engine.reachable) throw new Error(`The KurrentDB suite needs a Docker engine: ${engine.reason}`);
  container = await new GenericContainer(image)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s === 204 || s === 200))
    .start();
  connectionString = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
}, 180_000);
afterAll(async () => {
  await container?.stop();
});
runEventStoreContract('kurrentdb', ({ upcast }) => createKurrentDbEventStore({ connectionString, upcast }));

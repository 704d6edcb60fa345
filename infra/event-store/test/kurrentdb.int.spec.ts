import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKurrentDbEventStore } from '../src/kurrentdb-event-store';
import { runEventStoreContract } from './contract';
import { detectDockerEngine } from './docker-engine';

// The KurrentDB adapter runs the same contract as the PostgreSQL store, against a real KurrentDB in a
// container, wherever a Docker engine is reachable. Without one the suite is not registered (a skipped test
// would be a defect), and the reason is printed.
const image = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';
const engine = await detectDockerEngine();

describe('Docker engine detection', () => {
  it('should give a reason whenever it finds no engine', () => {
    expect(engine.reachable || engine.reason.length > 0).toBe(true);
  });
});

if (engine.reachable) {
  let container: StartedTestContainer;
  let connectionString = '';
  beforeAll(async () => {
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
} else {
  console.log(`KurrentDB contract suite not registered: no Docker engine reachable (${engine.reason}).`);
}

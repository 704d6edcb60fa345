import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { pipelinedQueriesBeside, type PipelinedQueries } from '@dm/server-kit';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresEventStore } from '../src';
import { runEventStoreContract } from './contract';

let db: TestDatabase;
let pipelined: PipelinedQueries;
beforeAll(async () => {
  db = await createTestDatabase({ max: 40 });
  pipelined = pipelinedQueriesBeside(db.pool, 4);
});
afterAll(async () => {
  await pipelined.end();
  await db.drop();
});

runEventStoreContract('postgres', ({ upcast }) => createPostgresEventStore({ pool: db.pool, upcast }));
// Each append its own statement, never batched with others (decision 1553).
runEventStoreContract('postgres, one statement per append', ({ upcast }) =>
  createPostgresEventStore({ pool: db.pool, upcast, batchInFlight: 0 }),
);
// As the command API runs it: single appends and stream reads over shared pipelined connections.
runEventStoreContract('postgres, pipelined autocommit', ({ upcast }) =>
  createPostgresEventStore({ pool: db.pool, autocommit: pipelined, upcast }),
);

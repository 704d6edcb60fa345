import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresEventStore } from '../src';
import { runEventStoreContract } from './contract';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 40 });
});
afterAll(() => db.drop());

runEventStoreContract('postgres', ({ upcast }) => createPostgresEventStore({ pool: db.pool, upcast }));

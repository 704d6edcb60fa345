import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore, logStart } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

it('appends and reads back', async () => {
  const store = createPostgresEventStore({ pool: db.pool });
  const r = await store.append('s-1', [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { n: 2 } }], { expected: 'no_stream' });
  expect(r).toMatchObject({ nextExpectedVersion: 2n, appended: 2 });
  const all = await store.readAll(logStart, 10);
  expect(all.map((e) => e.type)).toEqual(['A', 'B']);
  await store.close();
});

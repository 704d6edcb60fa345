import { defineConfig } from 'vitest/config';

const pgSetup = './infra/postgres/src/testing/global-setup.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,command-api,query-api,projectors,infra}/**/*.unit.spec.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['{events,command-api,query-api,projectors,infra}/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: [pgSetup],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './frontend/vitest.config.ts',
    ],
  },
});

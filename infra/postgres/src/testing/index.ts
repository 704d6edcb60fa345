import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export const templateDatabase = 'dm_template';

export interface TestDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  readonly drop: () => Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

const withDatabase = (adminUrl: string, database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup migrated.
 * One server per run, one database per file: files run in parallel without seeing each other.
 */
export const createTestDatabase = async (options: { max?: number } = {}): Promise<TestDatabase> => {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // DROP … WITH (FORCE) at the end cuts idle clients; that is expected, not a test failure.
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

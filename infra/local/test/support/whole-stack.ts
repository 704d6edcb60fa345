import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@dm/postgres';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import { sessionCookieName } from '@dm/server-kit';
import { pino } from 'pino';
import type { LocalConfig } from '../../src/config';
import { demoPassword } from '../../src/demo-world';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { createBrowser, submitLogin } from '../../src/testing';

export interface WholeStackOptions {
  /** An existing database (e.g. on a server the test restarts); by default a fresh test database. */
  readonly databaseUrl?: string;
  /** Where the emulator keeps its state; a fresh temporary folder by default. Reuse it to restart on the same data. */
  readonly dataDir?: string;
  readonly logLevel?: LocalConfig['LOG_LEVEL'];
}

const uiPage = '<!DOCTYPE html><title>Discount Manager</title><div id="root"></div>';

/**
 * The whole app as `pnpm start` runs it (gateway, command-api, query-api, projectors, the OpenID provider,
 * the Shopify emulator, the demo seed), each on a real port, on this test file's own database.
 */
export const startWholeStack = async (options: WholeStackOptions = {}) => {
  const database: TestDatabase | null = options.databaseUrl ? null : await createTestDatabase({ max: 2 });
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'dm-stack-'));
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'dm-stack-ui-'));
  writeFileSync(path.join(staticDir, 'index.html'), uiPage);
  const [gateway, commandApi, queryApi, oidc, shopify] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
  const publicUrl = `http://localhost:${gateway}`;
  const config: LocalConfig = {
    PORT: gateway!,
    DM_DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? database!.url,
    LOG_LEVEL: options.logLevel ?? 'silent',
    DM_STATIC_DIR: staticDir,
    PROTECTED_USER_EMAILS: ['super@demo.test'],
    dataDir,
    publicUrl,
    ports: { gateway: gateway!, commandApi: commandApi!, queryApi: queryApi!, oidc: oidc!, shopify: shopify! },
  };
  let platform: RunningPlatform | null = null;
  const start = async () => {
    platform = await startPlatform(config, pino({ level: config.LOG_LEVEL }));
  };
  const stopPlatform = async () => {
    await platform?.stop();
    platform = null;
  };
  await start();

  /** Signs in through the gateway and the local provider's form; returns the Cookie header for later requests. */
  const signIn = async (email: string, password = demoPassword) => {
    const browser = createBrowser();
    const toForm = await browser.follow(`${publicUrl}/api/login`);
    await submitLogin(browser, toForm.at(-1)!, { login: email, password });
    const value = browser.cookie(publicUrl, sessionCookieName(false));
    if (!value) throw new Error(`Sign-in as ${email} gave no session cookie`);
    return `${sessionCookieName(false)}=${value}`;
  };

  return {
    url: publicUrl,
    config,
    database,
    signIn,
    /** Stops every role and starts them again on the same database and data folder. */
    restart: async () => {
      await stopPlatform();
      await start();
    },
    stop: async () => {
      await stopPlatform();
      await database?.drop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
};

export type WholeStack = Awaited<ReturnType<typeof startWholeStack>>;

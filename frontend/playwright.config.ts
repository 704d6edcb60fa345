import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Without E2E_BASE_URL the journeys start the real app (embedded PostgreSQL, OpenID provider, emulator)
// on its own port with a fresh data directory, so every run begins from the demo world. One directory per port,
// emptied when a run starts (workers inherit the variable and leave it alone), so runs do not pile up in /tmp.
const port = Number(process.env.E2E_PORT ?? 3300);
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `dm-e2e-${port}`);
  fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One spec file at a time unless E2E_WORKERS says more: two at a time against the one app work (the journeys make
  // their own discounts, people and stores, and no two sync one store), but were not yet green on a machine loaded
  // far past its 2 cores (decision 1431).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Bounds on waiting, not on speed: in the test command the journeys run beside the vitest files on two cores, and
  // a CI machine slower than usual once failed a journey's 5 s wait for a row and a 30 s journey whole (decision
  // 1555). A step that is there in time costs no more; a missing one still fails, a little later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    // A trace costs a quarter of the journeys' CPU (its screencast and snapshots, kept or not); a failure still
    // prints its page as an ARIA snapshot and keeps a screenshot. E2E_TRACE=1 records traces again (decision 1547).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'pnpm --filter @dm/local start',
        cwd: '..',
        url: `http://localhost:${port}/healthz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: { PORT: String(port), DM_DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
      },
});

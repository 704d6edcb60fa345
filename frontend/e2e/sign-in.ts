import fs from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { expectAccessible, pagesCheckedOnGoto } from './fixtures';

export const DEMO_PASSWORD = 'demo';

/**
 * This worker slot's sessions by account and app origin: each is made through the form once, then reused. In a
 * file of the run's data folder (emptied when a run starts), so that the worker Playwright starts again after a
 * failed journey keeps them; one file per slot, so a journey that signs its session out never ends one that a
 * journey in the other worker is using.
 */
const sessionsFile = () =>
  join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `e2e-sessions-${test.info().parallelIndex}.json`);
const savedSessions = (): Record<string, Cookie[]> => {
  try {
    return JSON.parse(fs.readFileSync(sessionsFile(), 'utf8')) as Record<string, Cookie[]>;
  } catch {
    return {};
  }
};
const saveSession = (key: string, cookies: Cookie[]) => {
  fs.mkdirSync(dirname(sessionsFile()), { recursive: true });
  fs.writeFileSync(sessionsFile(), JSON.stringify({ ...savedSessions(), [key]: cookies }));
};

export const demoAccounts = {
  super_admin: 'super@demo.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  user: 'user@demo.test',
} as const;

/** A page of the SPA itself, as opposed to the gateway's /api routes or the OpenID provider's pages. */
const isAppUrl = (url: URL, appOrigin: string): boolean =>
  url.origin === appOrigin && !url.pathname.startsWith('/api/') && !url.pathname.includes('/interaction/');

/**
 * Opens `path` signed out, presses Sign In, and goes through node oidc-provider's dev interaction pages:
 * a login form (`login`, `password`), then possibly a consent form holding only a submit button.
 * For the journeys about signing in itself; the others call `signIn`.
 */
export async function signInThroughTheForm(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  const appOrigin = new URL(page.url()).origin;
  await page.getByRole('link', { name: 'Sign In' }).click();

  const loginForm = page.locator('form:has(input[name="login"])');
  await loginForm.waitFor();
  await expectAccessible(page);
  await loginForm.locator('input[name="login"]').fill(email);
  await loginForm.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await loginForm.locator('[type="submit"]').click();

  const consentButton = page.locator('form:not(:has(input[name="login"])) [type="submit"]').first();
  for (let step = 0; step < 3; step += 1) {
    const next = await Promise.race([
      page.waitForURL((url) => isAppUrl(url, appOrigin), { timeout: 20_000 }).then(() => 'app' as const),
      consentButton.waitFor({ timeout: 20_000 }).then(() => 'consent' as const),
    ]);
    if (next === 'app') break;
    await consentButton.click();
    await consentButton.waitFor({ state: 'detached' });
  }
  await expect(page.getByText('Discount Manager', { exact: true })).toBeVisible();
  await expectAccessible(page);
  saveSession(`${email} ${appOrigin}`, await page.context().cookies());
}

/**
 * Opens `path` signed in as `email`. The first time in this worker slot it signs in through the form; after that it
 * reuses that session while the server still accepts it (a journey may have signed it out or removed the person),
 * so every journey pays for one page, not for the provider's pages and their axe runs (decision 1431).
 */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
  const appOrigin = new URL(path, test.info().project.use.baseURL).origin;
  const saved = savedSessions()[`${email} ${appOrigin}`];
  if (saved) {
    await page.context().addCookies(saved);
    const whoAmI = await page.request.get(new URL('/api/auth/user', appOrigin).toString());
    if (whoAmI.ok() && ((await whoAmI.json()) as { email?: string }).email === email) {
      await page.goto(path);
      await expect(page.getByText('Discount Manager', { exact: true })).toBeVisible();
      if (!pagesCheckedOnGoto.has(page)) await expectAccessible(page);
      return;
    }
    await page.context().clearCookies();
  }
  await signInThroughTheForm(page, email, path);
}

import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

export const DEMO_PASSWORD = 'demo';

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
 */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
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
}

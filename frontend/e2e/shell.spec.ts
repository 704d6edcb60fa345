import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn, signInThroughTheForm } from './sign-in';

const adminLinks = ['Dashboard', 'Discounts', 'Products', 'Synced Codes', 'Code Sync', 'Users'];
// Stores is for super admins: the navigation says what the policy table says (issue 25).
const linksByLevel: Record<keyof typeof demoAccounts, string[]> = {
  super_admin: [...adminLinks, 'Stores', 'Audit'],
  admin: [...adminLinks, 'Audit'],
  manager: ['Dashboard', 'Discounts', 'Users'],
  user: ['Discounts'],
};

test.describe('When signed out', () => {
  test('should show the landing page with a sign-in button that keeps the deep link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Discount Manager' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
  });

  test('should show the not-found page for an unknown path', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Discounts' })).toBeVisible();
  });

  test('should return to the deep link after signing in', async ({ page }) => {
    await signInThroughTheForm(page, demoAccounts.admin, '/users');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1, exact: true })).toBeVisible();
  });
});

for (const [level, email] of Object.entries(demoAccounts) as [keyof typeof demoAccounts, string][]) {
  test(`should show ${email} the navigation links of level ${level}`, async ({ page }) => {
    await signIn(page, email, '/discounts');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(linksByLevel[level]);
    await expect(nav.getByRole('link', { name: 'Discounts' })).toHaveAttribute('aria-current', 'page');
  });
}

test('should redirect user@ from / to /discounts', async ({ page }) => {
  await signIn(page, demoAccounts.user, '/');
  await expect(page).toHaveURL(/\/discounts$/);
  await expect(page.getByRole('heading', { name: 'Discounts', exact: true })).toBeVisible();
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users is not open to your role' })).toBeVisible();
});

test('should show the not-found page when signed in', async ({ page }) => {
  await signIn(page, demoAccounts.manager, '/');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('should reload once and show the screen when its code fails to load (a deploy replaced it, a connection dropped)', async ({
  page,
}) => {
  await signIn(page, demoAccounts.manager, '/discounts');
  const asked: string[] = [];
  await page.route(/\/assets\/users-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    // The first fetch of the Users screen's code is cut; the reload fetches it again.
    return asked.length === 1 ? route.abort('connectionreset') : route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  expect(asked).toHaveLength(2);
});

test('should close the mobile menu after a link is chosen', async ({ page }) => {
  await signIn(page, demoAccounts.manager, '/discounts');
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(280);
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
});

test('should log out after confirmation and end the old session', async ({ page, context, baseURL }) => {
  await signIn(page, demoAccounts.manager, '/');
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);

  // One Sign out on the page, the shell's (the dashboard no longer repeats it, issue 25).
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toContainText('You will need to sign in again to use Discount Manager.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout');
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('link', { name: 'Sign out' }).click();
  await loggedOut;
  // The sign-out goes on through the identity provider back to the landing page: wait for it to arrive there (a
  // goto of our own would race that last navigation).
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(new URL('/', baseURL).href);
  await expect(page.getByRole('heading', { name: 'Discount Manager' })).toBeVisible();

  // The old cookie must be dead on the server, not just deleted from this browser.
  const replay = await request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const answer = await replay.get('/api/auth/user');
  expect(answer.status()).toBe(401);
  await replay.dispose();
});

import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25, "Stores, users, navigation": what each role meets, at a desk and on a phone.
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Each journey signs in and runs axe on every page: slow on a loaded machine, not racy.
    test.beforeEach(() => test.setTimeout(120_000));

    test('admin@ is not offered Stores, is told why at /stores, and sees each person once', async ({ page }) => {
      await signIn(page, demoAccounts.admin, '/users');
      if (phone) await page.getByRole('button', { name: /menu/i }).click();
      await expect(page.getByRole('link', { name: 'Users', exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Stores', exact: true })).toHaveCount(0);
      if (phone) await page.keyboard.press('Escape');

      const users = page.getByRole('list', { name: 'Users' });
      await expect(users.getByText('Ada Admin', { exact: true })).toHaveCount(1);
      await expect(users.getByText('Web User')).toHaveCount(0);
      await expect(page.getByTestId('legend-admin')).not.toContainText('Stores');
      await expect(page.getByTestId('legend-super_admin')).toContainText('Stores');

      await page.goto('/stores');
      await expect(page.getByRole('heading', { name: 'Stores is not open to your role' })).toBeVisible();
      await expect(page.getByText('Stores is for super admins. You are signed in as admin.')).toBeVisible();
      await page.getByRole('link', { name: 'Go to Discounts' }).click();
      await expect(page).toHaveURL(/\/discounts$/);
    });

    test('manager@ is offered no Create Discount on the dashboard', async ({ page }) => {
      await signIn(page, demoAccounts.manager, '/');
      const actions = page.getByRole('navigation', { name: 'Quick actions' });
      await expect(actions.getByRole('link', { name: /Manage Codes/ })).toBeVisible();
      await expect(actions.getByText('Create Discount')).toHaveCount(0);
    });

    test('user@ meets a not-found page with a way on, for an unknown page and for a discount', async ({ page }) => {
      await signIn(page, demoAccounts.user, '/discounts');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText(/router/)).toHaveCount(0);
      await page.goto('/discounts/not-a-uuid/codes');
      await expect(page.getByRole('heading', { name: 'Discount not found' })).toBeVisible();
      await expect(page.getByText(/UUID|Invalid params/)).toHaveCount(0);
      await page.goto('/discounts/00000000-0000-4000-8000-00000000abcd/codes');
      await expect(page.getByRole('heading', { name: 'Discount not found' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Discounts' }).click();
      await expect(page.getByRole('heading', { name: 'Discounts', exact: true })).toBeVisible();
    });
  });
}

test('super@ adds a second Aurora store in Germany: named apart, not connected, and not syncable', async ({ page }) => {
  test.setTimeout(120_000);
  const slug = `aurora-de-${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, demoAccounts.super_admin, '/stores');
  await page.getByRole('button', { name: 'Add Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Store' });
  await dialog.getByLabel('URL Slug').fill(slug);
  await dialog.getByLabel('Brand', { exact: true }).click();
  await page.getByRole('option', { name: 'Aurora', exact: true }).click();
  await dialog.getByLabel('Country', { exact: true }).click();
  await page.getByRole('option', { name: 'Germany (Europe)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Store' }).click();
  const name = `Aurora DE (${slug})`;
  await expect(page.locator('[data-slot="toast-description"]')).toContainText(`${name} is not connected to Shopify`);
  await expect(page.locator('[data-slot="toast-description"]')).not.toContainText('SHOPIFY_TOKEN');

  const card = page.getByTestId(`store-${slug}`);
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card.getByText('Not connected: no access token')).toBeVisible();
  await expect(page.getByTestId('store-aurora-de').getByText('Not connected: no access token')).toHaveCount(0);

  await page.goto('/code-sync');
  const sync = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name }) });
  await expect(sync.getByText('Not connected: no access token')).toBeVisible();
  await expect(sync.getByText('Ready')).toHaveCount(0);
  await expect(sync.getByRole('button', { name: 'Full Sync' })).toBeDisabled();
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Only this file syncs aurora-uk (two files run at a time: staff-words.spec.ts syncs borealis-uk); the emulator's
// demo shop holds its influencer set AURORA-UK-INF-0000…1999.
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });

test('admin@ fully syncs a store, watches its progress, and finds a known code with its Shopify admin link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoAccounts.admin, '/code-sync');
  await expect(page.getByRole('heading', { name: 'Code Sync', level: 1 })).toBeVisible();
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('aurora-uk.myshopify.com') });
  await expect(card.getByRole('button', { name: 'Full Sync' })).toBeEnabled();
  await card.getByRole('button', { name: 'Full Sync' }).click();
  await expect(toastTitle(page, 'Sync Started')).toBeVisible();
  // Marked in progress at once, with its bar, until the status shows the finished sync.
  await expect(card.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await expect(card.getByText('Ready').first()).toBeVisible({ timeout: 120_000 });
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Incremental Update' })).toBeVisible();
  const total = Number((await card.locator('dt:text-is("Total Codes") + dd').innerText()).replaceAll(',', ''));
  expect(total).toBeGreaterThanOrEqual(2000);

  await page.getByRole('link', { name: 'Synced Codes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Synced Codes' })).toBeVisible();
  await page.getByPlaceholder('Search by code or discount title...').fill('uk-inf-0042');
  const row = page.getByRole('row').filter({ hasText: 'AURORA-UK-INF-0042' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one code
  await expect(row).toContainText('Influencer codes');
  const link = row.getByRole('link', { name: /Open AURORA-UK-INF-0042 in the Shopify admin/ });
  await expect(link).toHaveAttribute('href', /^https:\/\/admin\.shopify\.com\/store\/aurora-uk\/discounts\/\d+$/);
  await expect(link).toHaveAttribute('target', '_blank');
});

test('manager@ cannot open Code Sync or Synced Codes', async ({ page }) => {
  await signIn(page, demoAccounts.manager, '/code-sync');
  await expect(page.getByRole('heading', { name: 'Code Sync is not open to your role' })).toBeVisible();
  await page.goto('/synced-codes');
  await expect(page.getByRole('heading', { name: 'Synced Codes is not open to your role' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Code Sync' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Synced Codes' })).toHaveCount(0);
});

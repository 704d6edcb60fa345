import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Journeys share one app: every code and slug is unique per run, and the demo data is left alone.
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const demoCountryCodes = new Set(['GB', 'DE', 'US']);
const countryCode = (): string => {
  const code = letters(2);
  return demoCountryCodes.has(code) ? countryCode() : code;
};

const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });
const toastText = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text });

test('super@ creates a region, a country and a store, deactivates the store, and cannot delete the region', async ({
  page,
}) => {
  const region = { code: `E${letters(5)}`, name: `Journey Region ${letters(4)}` };
  const country = { code: countryCode(), name: `Journey Country ${letters(4)}` };
  const slug = `e2e-${letters(6).toLowerCase()}`;

  await signIn(page, demoAccounts.super_admin, '/stores');
  await expect(page.getByRole('heading', { name: 'Store & Location Management' })).toBeVisible();
  // The demo world's stores are seeded through commands on start.
  await expect(page.getByTestId('store-aurora-uk')).toContainText('GB · EU');

  await page.getByRole('tab', { name: 'Regions' }).click();
  await page.getByRole('button', { name: 'Add Region' }).click();
  const regionDialog = page.getByRole('dialog', { name: 'Add Region' });
  await regionDialog.getByLabel('Region Code').fill(region.code.toLowerCase());
  await regionDialog.getByLabel('Region Name').fill(region.name);
  await regionDialog.getByRole('button', { name: 'Add Region' }).click();
  await expect(toastTitle(page, 'Region Created')).toBeVisible();
  await expect(page.getByTestId(`region-${region.code}`)).toContainText('0 countries');

  await page.getByRole('tab', { name: 'Countries' }).click();
  await page.getByRole('button', { name: 'Add Country' }).click();
  const countryDialog = page.getByRole('dialog', { name: 'Add Country' });
  await countryDialog.getByLabel('Country Code').fill(country.code.toLowerCase());
  await countryDialog.getByLabel('Country Name').fill(country.name);
  await countryDialog.getByLabel('Region').selectOption({ label: `${region.name} (${region.code})` });
  await countryDialog.getByRole('button', { name: 'Add Country' }).click();
  await expect(toastTitle(page, 'Country Created')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${region.name} (${region.code})` })).toBeVisible();
  await expect(page.getByTestId(`country-${country.code}`)).toContainText(country.name);

  await page.getByRole('tab', { name: 'Stores' }).click();
  await page.getByRole('button', { name: 'Add Store' }).click();
  const storeDialog = page.getByRole('dialog', { name: 'Add Store' });
  await storeDialog.getByLabel('URL Slug').fill(slug);
  await expect(storeDialog.getByTestId('shop-preview')).toHaveText(`Shop address: https://${slug}.myshopify.com`);
  await expect(storeDialog.getByTestId('secret-note')).toContainText(
    `${slug.toUpperCase().replace('-', '_')}_SHOPIFY_TOKEN`,
  );
  await storeDialog.getByLabel('Brand').selectOption({ label: 'Aurora' });
  await storeDialog.getByLabel('Country').selectOption({ label: `${country.name} (${region.name})` });
  await storeDialog.getByRole('button', { name: 'Add Store' }).click();
  await expect(toastTitle(page, 'Store Created')).toBeVisible();
  const card = page.getByTestId(`store-${slug}`);
  await expect(card).toContainText(`${slug}.myshopify.com`);
  await expect(card).toContainText(`${country.code} · ${region.code}`);
  await expect(card.locator('[data-slot="badge"]', { hasText: /^Active$/ })).toBeVisible();
  await expect(card.getByRole('switch')).toBeChecked();

  await card.getByRole('switch', { name: `Active: ${slug}` }).click();
  await expect(toastTitle(page, 'Store Updated')).toBeVisible();
  await expect(card.locator('[data-slot="badge"]', { hasText: /^Inactive$/ })).toBeVisible();
  await expect(card.getByRole('switch')).not.toBeChecked();

  await page.getByRole('tab', { name: 'Regions' }).click();
  await expect(page.getByTestId(`region-${region.code}`)).toContainText('1 country');
  await page.getByRole('button', { name: `Delete ${region.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('alert')).toHaveText('This region has 1 country that must be deleted first.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastTitle(page, 'Error')).toBeVisible();
  await expect(toastText(page, 'This region has 1 country that must be deleted first.')).toBeVisible();
  await expect(page.getByTestId(`region-${region.code}`)).toBeVisible();
});

test('admin@ opens /stores but sees only the notice', async ({ page }) => {
  await signIn(page, demoAccounts.admin, '/stores');
  await expect(page.getByText('You need super admin permissions to access store management.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

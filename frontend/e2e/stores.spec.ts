import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Journeys share one app: every code and slug is unique per run, and the demo data is left alone.
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const demoCountryCodes = new Set(['GB', 'DE', 'US']);
const taken = new Set<string>();
const countryCode = (): string => {
  const code = letters(2);
  if (demoCountryCodes.has(code) || taken.has(code)) return countryCode();
  taken.add(code);
  return code;
};

const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });
const toastText = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text });

/** Opens the Radix Select labelled `label` inside `scope` and picks the option named `option`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addRegion(page: Page, region: { code: string; name: string }) {
  await page.getByRole('tab', { name: 'Regions' }).click();
  await page.getByRole('button', { name: 'Add Region' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Region' });
  await dialog.getByLabel('Region Code').fill(region.code.toLowerCase());
  await dialog.getByLabel('Region Name').fill(region.name);
  await dialog.getByRole('button', { name: 'Add Region' }).click();
  await expect(toastText(page, `${region.name} (${region.code}) was added`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addCountry(page: Page, country: { code: string; name: string }, region: { code: string; name: string }) {
  await page.getByRole('tab', { name: 'Countries' }).click();
  await page.getByRole('button', { name: 'Add Country' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Country' });
  await dialog.getByLabel('Country Code').fill(country.code.toLowerCase());
  await dialog.getByLabel('Country Name').fill(country.name);
  await choose(page, dialog, 'Region', `${region.name} (${region.code})`);
  await dialog.getByRole('button', { name: 'Add Country' }).click();
  await expect(toastText(page, `${country.name} (${country.code}) was added`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addStore(page: Page, slug: string, country: { name: string }, region: { name: string }) {
  await page.getByRole('tab', { name: 'Stores' }).click();
  await page.getByRole('button', { name: 'Add Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Store' });
  await dialog.getByLabel('URL Slug').fill(slug);
  await choose(page, dialog, 'Brand', 'Aurora');
  await choose(page, dialog, 'Country', `${country.name} (${region.name})`);
  await dialog.getByRole('button', { name: 'Add Store' }).click();
  await expect(toastTitle(page, 'Store Created')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('super@ creates a region, a country and a store, deactivates the store, and cannot delete the region', async ({
  page,
}) => {
  const region = { code: `E${letters(5)}`, name: `Journey Region ${letters(4)}` };
  const country = { code: countryCode(), name: `Journey Country ${letters(4)}` };
  const slug = `e2e-${letters(6).toLowerCase()}`;

  await signIn(page, demoAccounts.super_admin, '/stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1, exact: true })).toBeVisible();
  // The demo world's stores are seeded through commands on start.
  await expect(page.getByTestId('store-aurora-uk')).toContainText('United Kingdom · Europe');

  await addRegion(page, region);
  await expect(page.getByTestId(`region-${region.code}`)).toContainText('0 countries');
  await addCountry(page, country, region);
  await expect(page.getByRole('heading', { name: `${region.name} (${region.code})` })).toBeVisible();
  await expect(page.getByTestId(`country-${country.code}`)).toContainText(country.name);

  await page.getByRole('tab', { name: 'Stores' }).click();
  await page.getByRole('button', { name: 'Add Store' }).click();
  const storeDialog = page.getByRole('dialog', { name: 'Add Store' });
  await storeDialog.getByLabel('URL Slug').fill(slug);
  await expect(storeDialog.getByTestId('shop-preview')).toHaveText(`Shop address: https://${slug}.myshopify.com`);
  await expect(storeDialog.getByTestId('secret-note')).toContainText("Ask the store's Shopify owner for the token");
  await expect(storeDialog.getByTestId('secret-note')).not.toContainText('SHOPIFY_TOKEN');

  await choose(page, storeDialog, 'Brand', 'Aurora');
  await choose(page, storeDialog, 'Country', `${country.name} (${region.name})`);
  await storeDialog.getByRole('button', { name: 'Add Store' }).click();
  await expect(toastTitle(page, 'Store Created')).toBeVisible();
  const card = page.getByTestId(`store-${slug}`);
  await expect(card).toContainText(`${slug}.myshopify.com`);
  await expect(card).toContainText(`${country.name} · ${region.name}`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch')).toBeChecked();
  await expect(card.getByRole('switch')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)'); // its track shows
  // No token is installed for it: the card says so, in words.
  await expect(card.getByText('Not connected: no access token')).toBeVisible();

  await card.getByRole('switch').click();
  const ask = page.getByRole('alertdialog', { name: /^Deactivate / });
  await ask.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastTitle(page, 'Store Updated')).toBeVisible();
  await expect(toastText(page, 'is now inactive')).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch')).not.toBeChecked();
  await expect(card.getByRole('switch')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  await page.getByRole('tab', { name: 'Regions' }).click();
  await expect(page.getByTestId(`region-${region.code}`)).toContainText('1 country');
  await page.getByRole('button', { name: `Delete ${region.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByTestId('delete-blocked')).toContainText(
    'This region has 1 country that must be deleted first.',
  );
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId(`region-${region.code}`)).toBeVisible();
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390×844', width: 390, height: 844 },
]) {
  test.describe(`At ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('super@ sees why a region with countries cannot go, moves a store away and deletes the emptied country', async ({
      page,
    }) => {
      const region = { code: `M${letters(5)}`, name: `Move Region ${letters(4)}` };
      const from = { code: countryCode(), name: `Move From ${letters(4)}` };
      const to = { code: countryCode(), name: `Move To ${letters(4)}` };
      const slug = `e2e-move-${letters(6).toLowerCase()}`;

      await signIn(page, demoAccounts.super_admin, '/stores');
      await expect(page).toHaveTitle('Stores · Discount Manager');
      await addRegion(page, region);
      await addCountry(page, from, region);
      await addCountry(page, to, region);
      await addStore(page, slug, from, region);

      // The region has countries: its delete is offered but disabled, with the reason.
      await page.getByRole('tab', { name: 'Regions' }).click();
      await page.getByRole('button', { name: `Delete ${region.name}` }).click();
      const blocked = page.getByRole('alertdialog');
      await expect(blocked.getByTestId('delete-blocked')).toContainText(
        'This region has 2 countries that must be deleted first.',
      );
      await expect(blocked.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(blocked).toBeHidden();

      // The country with the store cannot be deleted either, and says how to empty it.
      await page.getByRole('tab', { name: 'Countries' }).click();
      await expect(page.getByTestId(`country-${from.code}`)).toContainText('1 store');
      await page.getByRole('button', { name: `Delete ${from.name}` }).click();
      await expect(page.getByRole('alertdialog').getByTestId('delete-blocked')).toContainText(
        'must be moved to another country first',
      );
      await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' })).toBeDisabled();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      // The way out: move the store to the other country.
      await page.getByRole('tab', { name: 'Stores' }).click();
      const card = page.getByTestId(`store-${slug}`);
      await expect(card).toContainText(`${from.name} · ${region.name}`);
      await card.getByRole('button', { name: `Edit Aurora ${from.code}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Store' });
      await choose(page, edit, 'Country', `${to.name} (${region.name})`);
      await edit.getByRole('button', { name: 'Save Store' }).click();
      await expect(toastTitle(page, 'Store Updated')).toBeVisible();
      await expect(toastText(page, `now belongs to ${to.name}`)).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(card).toContainText(`${to.name} · ${region.name}`);

      // The emptied country can now be deleted.
      await page.getByRole('tab', { name: 'Countries' }).click();
      await expect(page.getByTestId(`country-${from.code}`)).toContainText('0 stores');
      await page.getByRole('button', { name: `Delete ${from.name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm.getByTestId('delete-blocked')).toHaveCount(0);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toastTitle(page, 'Country Deleted')).toBeVisible();
      await expect(toastText(page, `${from.name} (${from.code}) was deleted`)).toBeVisible();
      await expect(page.getByTestId(`country-${from.code}`)).toHaveCount(0);
      await expect(page.getByTestId(`country-${to.code}`)).toContainText('1 store');
    });
  });
}

test('admin@ opens /stores and is told it is for super admins', async ({ page }) => {
  await signIn(page, demoAccounts.admin, '/stores');
  await expect(page.getByRole('heading', { name: 'Stores is not open to your role' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

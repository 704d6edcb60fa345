import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Only this file touches the catalog of brand 1 (Aurora); every assertion reads what this journey did.
const toastTitle = (page: Page, text: string | RegExp) => page.locator('[data-slot="toast-title"]', { hasText: text });
const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Chooses the store whose option names the slug, imports `kind`, and waits for the result notice. */
async function importFrom(page: Page, slug: string, kind: 'Products' | 'Collections') {
  await page.getByLabel('Store', { exact: true }).click();
  await page.getByRole('option', { name: `(${slug})` }).click();
  const button = page.getByRole('button', { name: `Import ${kind}` });
  await button.click();
  await expect(toastTitle(page, `${kind} imported`)).toBeVisible({ timeout: 90_000 });
  await expect(button).toBeEnabled();
  await page.locator('[data-slot="toast-close"]').click();
  await expect(page.locator('[data-slot="toast-title"]')).toHaveCount(0);
}

test('admin@ imports two Aurora stores, marks three products, and links and unlinks two collections', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, demoAccounts.admin, '/product-management');
  await expect(page.getByRole('heading', { name: 'Products', level: 1, exact: true })).toBeVisible();
  await expect(page.getByLabel('Brand', { exact: true })).toHaveText('Aurora');
  // The demo world's three Aurora stores (the list is sorted by name), the first chosen by default.
  await page.getByLabel('Store', { exact: true }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(3);
  for (const slug of ['aurora-uk', 'aurora-de', 'aurora-us'])
    await expect(options.filter({ hasText: `(${slug})` })).toHaveCount(1);
  const firstStore = await options.first().innerText();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Store', { exact: true })).toHaveText(firstStore);

  for (const slug of ['aurora-uk', 'aurora-de']) {
    await importFrom(page, slug, 'Products');
    await importFrom(page, slug, 'Collections');
  }

  // The same SKUs in every Aurora store: the copies are linked, so the product is one card with their stores.
  const unavailable = group(page, 'Not available for discount');
  const available = group(page, 'Available for discount');
  await page.getByRole('searchbox').first().fill('Aurora Trail Jacket');
  await unavailable.getByRole('searchbox').fill('Aurora Trail Jacket');
  const jackets = page.locator('article').filter({ hasText: 'Aurora Trail Jacket' });
  await expect(jackets).toHaveCount(1);
  await expect(jackets.first()).toContainText('3 stores');
  await page.getByRole('searchbox').first().fill('');
  await unavailable.getByRole('searchbox').fill('');

  // Any three products not yet available (other journeys may have marked some): each is named with its stores.
  const boxes = unavailable.getByRole('checkbox', { name: /^Select (?!All)/ });
  await expect(boxes.nth(2)).toBeVisible();
  const chosen: string[] = [];
  for (let i = 0; i < 3; i++) {
    chosen.push((await boxes.nth(i).getAttribute('aria-label')) ?? '');
    await boxes.nth(i).check();
  }
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Mark for Discount', exact: true }).click();
  await expect(toastTitle(page, 'Products marked for discount')).toBeVisible();
  for (const label of chosen) {
    await available.getByRole('searchbox').fill(label.replace(/^Select /, '').replace(/ \(.*\)$/, ''));
    await expect(available.getByRole('checkbox', { name: label, exact: true })).toBeVisible();
    await expect(unavailable.getByRole('checkbox', { name: label, exact: true })).toHaveCount(0);
  }

  await page.getByRole('tab', { name: 'Collections' }).click();
  for (const column of ['Available for discount', 'Not available for discount'])
    await group(page, column).getByRole('searchbox').fill('best-sellers');
  const cardOf = (stores: string) =>
    page.locator('article').filter({ has: page.getByRole('checkbox', { name: `Select Best Sellers (${stores})` }) });
  const [first, second] = [cardOf('Aurora GB'), cardOf('Aurora DE')];
  for (const card of [first, second]) {
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Manual Link');
    await card.getByRole('checkbox').check();
  }
  // Same title and handle: linked at once, no question; the two cards become one.
  await page.getByRole('button', { name: 'Link Selected', exact: true }).click();
  await expect(toastTitle(page, 'Collections linked successfully')).toBeVisible();
  await expect(
    page
      .locator('[data-slot="toast-description"]')
      .getByText(/^Best Sellers \(Aurora (GB|DE)\) and Best Sellers \(Aurora (DE|GB)\) are now linked$/),
  ).toBeVisible();
  const linked = cardOf('Aurora GB and Aurora DE');
  await expect(linked).toContainText('Manual Link');
  await expect(linked).toContainText('2 stores');
  await expect(first).toHaveCount(0);

  await linked.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Unlink', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove link?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toastTitle(page, 'Link removed successfully')).toBeVisible();
  await expect(linked).toHaveCount(0);
  for (const card of [first, second]) await expect(card).not.toContainText('Manual Link');
});

test('the products group keeps fewer than 100 cards in the DOM for 20,000 products', async ({ page }) => {
  test.setTimeout(120_000);
  const hex = (n: number) => n.toString(16).padStart(12, '0');
  const store = { storeId: 1, storeName: 'Aurora GB' };
  const products = Array.from({ length: 20_000 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${hex(i + 1)}`,
    name: `Generated Product ${i + 1}`,
    title: `Generated Product ${i + 1}`,
    handle: `generated-product-${i + 1}`,
    status: 'ACTIVE',
    shopifyProductId: `gid://shopify/Product/${i + 1}`,
    universalSku: `GEN-${i + 1}`,
    sku: `GEN-${i + 1}-S`,
    skuNormalized: `GEN-${i + 1}-S`,
    isAvailableForDiscount: false,
    linkedProductIds: [],
    linkedStores: [],
    stores: [store],
    storeId: 1,
    storeName: store.storeName,
    hasManualLink: false,
    variants: [{ id: `gid://shopify/ProductVariant/${i + 1}`, title: 'S', sku: `GEN-${i + 1}-S` }],
  }));
  // The real answer's shape, only longer than the demo catalogue: this tests the rendering, not the server.
  await page.route('**/api/products/all?*', (route) => route.fulfill({ json: products }));

  await signIn(page, demoAccounts.admin, '/products');
  const list = page.getByRole('list', { name: 'Not available for discount' });
  await expect(list.getByRole('listitem').first()).toContainText('Generated Product 1');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '20000');
  expect(await page.getByTestId('product-card').count()).toBeLessThan(100);

  // The list scrolls with the page.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  const last = list.getByRole('listitem').filter({ hasText: 'Generated Product 20000' });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', '20000');
  expect(await page.getByTestId('product-card').count()).toBeLessThan(100);
});

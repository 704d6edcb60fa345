import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 24: admin@ builds a discount on GB's "Best Sellers" for Aurora GB and Aurora DE. DE has its own Best
// Sellers (same handle) that nothing links: the review step says DE would fail and offers DE's collection; linking
// it there clears the gap, and after Confirm both stores deploy. Screenshots of the review step at both sizes.
const run = Date.now().toString(36);
const shots = process.env.PREVIEW_SHOTS_DIR ?? '/work/shots/preview4';

async function markGbBestSellers(page: Page) {
  const status = await page.evaluate(async () => {
    const all = (await (await fetch('/api/collections?brandId=1')).json()) as {
      id: string;
      title: string;
      storeName: string;
    }[];
    const collectionIds = all.filter((c) => c.title === 'Best Sellers' && c.storeName === 'Aurora GB').map((c) => c.id);
    const response = await fetch('/api/collections/mark-for-discount', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandId: 1, collectionIds }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

async function buildToReview(page: Page, name: string) {
  await page.goto('/discounts/create');
  await page.getByLabel('Brand').click();
  await page.getByRole('option', { name: 'Aurora' }).click();
  await page.getByLabel('Discount Name').fill(name);
  await page.getByLabel(/Multi-discount/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3: Config')).toBeVisible();
  await page.getByLabel('Target Type').first().click();
  await page.getByRole('option', { name: 'Collection' }).click();
  await page.locator('#rule-0-target').fill('Best Sellers');
  await page
    .getByRole('option', { name: /Best Sellers/ })
    .first()
    .click();
  await page.getByLabel('Discount Value').first().fill('15');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Aurora GB/ }).check();
  await page.getByRole('checkbox', { name: /Aurora DE/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 5: Review')).toBeVisible();
}

test('admin@ sees DE’s missing collection in the preview, links it from the review step, confirms, and both stores deploy', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `Journey Preview ${run}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demoAccounts.admin, '/discounts');
  await markGbBestSellers(page);
  await buildToReview(page, name);

  const de = page.getByRole('region', { name: 'Preview for Aurora DE' });
  const gb = page.getByRole('region', { name: 'Preview for Aurora GB' });
  await expect(de.getByText('Would fail')).toBeVisible();
  await expect(de.getByRole('alert')).toContainText('Aurora DE has no equivalent of:');
  await expect(de.getByRole('alert')).toContainText('collection “Best Sellers”');
  await expect(gb.getByText('Ready to deploy')).toBeVisible();
  // GB's cart is a member of its Best Sellers (imported with the collection): Coastal Jacket, 15 % off 120.00.
  await expect(gb.getByText('A product in the collection “Best Sellers”')).toBeVisible();
  await expect(gb.getByText('15% off on Aurora Coastal Jacket')).toBeVisible();
  await expect(gb.getByText(/No example cart/)).toHaveCount(0);
  await page.screenshot({ path: `${shots}/review-1440x900.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(de.getByText('Would fail')).toBeVisible();
  await page.screenshot({ path: `${shots}/review-390x844.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  await de.getByRole('button', { name: /Link Aurora DE’s “Best Sellers”/ }).click();
  await expect(de.getByText('Ready to deploy')).toBeVisible();
  await expect(de.getByText('Linked “Best Sellers”.')).toBeVisible();
  await expect(de.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(de.getByText('A product in the collection “Best Sellers”')).toBeVisible();
  await page.screenshot({ path: `${shots}/review-linked-1440x900.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create Discount' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Discount Creation' })
    .getByRole('button', { name: 'Yes, Create Discount' })
    .click();
  await expect(page).toHaveURL(/\/discounts$/);
  await page.getByRole('searchbox', { name: 'Search discounts' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: `Details of ${name}` }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('listitem', { name: 'Aurora GB' }).getByText('Deployed')).toBeVisible({
    timeout: 90_000,
  });
  await expect(panel.getByRole('listitem', { name: 'Aurora DE' }).getByText('Deployed')).toBeVisible({
    timeout: 90_000,
  });
});

import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25, Codes: a code taken in every checked store no longer blocks the free ones. One discount of Aurora,
// deployed to GB and DE through the API as admin@; its code TAKEN-<run> is in both stores already.
const run = Date.now().toString(36).toUpperCase();
const discountName = `Journey Conflicts ${run}`;
const taken = `TAKEN-${run}`;
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });

let discountId: string | null = null;

async function discountWithTakenCode(browser: Browser): Promise<string> {
  if (discountId) return discountId;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demoAccounts.admin, '/discounts');
  const id = await page.evaluate(
    async ({ name, code }) => {
      const json = async (path: string, init?: RequestInit) => {
        const response = await fetch(path, { ...init, headers: { 'content-type': 'application/json' } });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<unknown>;
      };
      const products = (await json('/api/products/all?brandId=1')) as { id: string; name: string }[];
      const jacket = products.filter((p) => p.name === 'Aurora Canyon Jacket').map((p) => p.id);
      await json('/api/products/mark-for-discount', {
        method: 'POST',
        body: JSON.stringify({ brandId: 1, productIds: jacket }),
      });
      const stores = (await json('/api/stores?brandId=1')) as { id: number; name: string }[];
      const storeIds = stores.filter((s) => s.name === 'Aurora GB' || s.name === 'Aurora DE').map((s) => s.id);
      const created = (await json('/api/admin/discounts', {
        method: 'POST',
        body: JSON.stringify({
          name,
          discountType: 'multi',
          brandId: 1,
          storeIds,
          multiConfig: {
            discounts: [
              {
                target: { type: 'product', id: jacket[0], name: 'Aurora Canyon Jacket' },
                kind: 'percentage',
                amount: '10',
              },
            ],
          },
        }),
      })) as { id: string };
      await json(`/api/discounts/${created.id}/codes`, {
        method: 'POST',
        body: JSON.stringify({ codes: [code], stores: storeIds }),
      });
      return created.id;
    },
    { name: discountName, code: taken },
  );
  await expect
    .poll(
      async () =>
        page.evaluate(async (discount) => {
          const response = await fetch(`/api/discounts/${discount}`);
          if (!response.ok) return `HTTP ${response.status}`;
          const detail = (await response.json()) as { deployments: { status: string }[] };
          return detail.deployments.map((d) => d.status).join(',');
        }, id),
      { timeout: 90_000 },
    )
    .toBe('deployed,deployed');
  await context.close();
  discountId = id;
  return id;
}

test.describe.configure({ mode: 'serial' });

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width}×${height}, user@ adds the free codes and skips the one taken in every store`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const id = await discountWithTakenCode(browser);
    const free = `FREE${width}-${run}`;
    await page.setViewportSize({ width, height });
    await signIn(page, demoAccounts.user, `/discounts/${id}/codes`);
    await expect(page.getByRole('heading', { name: discountName })).toBeVisible();

    await page.getByRole('button', { name: 'Add Codes' }).click();
    const add = page.getByRole('dialog', { name: 'Add Codes' });
    await expect(add.getByRole('checkbox', { name: /Aurora DE/ })).toBeChecked();
    await add.getByLabel('Codes').fill(`${taken}, ${free}`);
    await add.getByLabel('Influencer (optional)').fill('Anna Journey');
    await add.getByRole('button', { name: 'Check Availability' }).click();

    // One dialog: the conflicts replace the form; each taken code names its stores and its discount.
    const conflicts = page.getByRole('dialog', { name: 'Code Conflicts Detected' });
    await expect(conflicts.getByText('1 code of 2 is already taken.', { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    const item = conflicts.getByRole('listitem', { name: taken });
    await expect(item).toContainText(`Taken in Aurora GB: used by the discount “${discountName}”`);
    await expect(item).toContainText(`Taken in Aurora DE: used by the discount “${discountName}”`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await conflicts.getByRole('button', { name: 'Add 1 free code, skip 1 taken' }).click();
    await expect(toastTitle(page, 'Codes added to selected stores')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 90_000 });

    await page.getByRole('searchbox', { name: 'Search codes' }).fill(free);
    const row = page.locator('tbody tr').filter({ hasText: free });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Anna Journey');
    await expect(row.getByRole('img', { name: 'GB: live' })).toBeVisible({ timeout: 90_000 });
  });
}

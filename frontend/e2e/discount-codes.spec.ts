import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// One discount of brand 1 (Aurora), deployed to the GB and DE stores, created once through the API as admin@.
// Names and codes carry the run's time, so reruns against one app never collide.
const run = Date.now().toString(36).toUpperCase();
const discountName = `Journey Codes ${run}`;
const influencer = 'Anna Journey';
const [first, second] = [`ANNA-${run}`, `BEN-${run}`];
const [taken, free] = [`GB-ONLY-${run}`, `FREE-${run}`];
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });
const shotsAt = async (page: Page, name: string) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    // Nothing pushes the page sideways, on a phone either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

type Ids = { discountId: string; gb: number };
let ids: Ids | null = null;

/** As admin@, in its own browser context: the product marked, the discount created, and both stores deployed. */
async function deployedDiscount(browser: Browser): Promise<Ids> {
  if (ids) return ids;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demoAccounts.admin, '/discounts');
  const created = await page.evaluate(async (name) => {
    const json = async (path: string, init?: RequestInit) => {
      const response = await fetch(path, {
        ...init,
        headers: { 'content-type': 'application/json' },
      });
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
    const storeId = (storeName: string) => stores.find((s) => s.name === storeName)?.id ?? 0;
    const [gb, de] = [storeId('Aurora GB'), storeId('Aurora DE')];
    const discount = (await json('/api/admin/discounts', {
      method: 'POST',
      body: JSON.stringify({
        name,
        discountType: 'multi',
        brandId: 1,
        storeIds: [gb, de],
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
    return { discountId: discount.id, gb };
  }, discountName);
  await expect
    .poll(
      async () =>
        page.evaluate(async (id) => {
          // Until the read model has the new discount it answers 404.
          const response = await fetch(`/api/discounts/${id}`);
          if (!response.ok) return `HTTP ${response.status}`;
          const detail = (await response.json()) as { deployments: { status: string }[] };
          return detail.deployments.map((d) => d.status).join(',');
        }, created.discountId),
      { timeout: 90_000 },
    )
    .toBe('deployed,deployed');
  await context.close();
  ids = created;
  return created;
}

async function openCodesDialog(page: Page) {
  await page.getByRole('searchbox', { name: 'Search discounts' }).fill(discountName);
  // The search reaches the address 300 ms after the last key; a click before that could be overtaken by it.
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: `Manage Codes of ${discountName}` }).click();
  return page.getByRole('dialog', { name: new RegExp(`${discountName} codes`) });
}

async function checkCodes(page: Page, codes: string, name?: string) {
  await page.getByRole('button', { name: 'Check Code Availability' }).click();
  const add = page.getByRole('dialog', { name: 'Add Codes' });
  await expect(add.getByRole('checkbox', { name: /Aurora DE/ })).toBeChecked();
  await add.getByLabel('Codes').fill(codes);
  if (name) await add.getByLabel('Influencer (optional)').fill(name);
  await add.getByRole('button', { name: 'Check Availability' }).click();
  return add;
}

test.describe.configure({ mode: 'serial' });

test('user@ adds two codes with an influencer and sees each store turn live', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await deployedDiscount(browser);
  await signIn(page, demoAccounts.user, '/discounts');
  const dialog = await openCodesDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Check Code Availability' })).toBeEnabled();
  await shotsAt(page, 'codes-dialog');

  const add = await checkCodes(page, `${first}, ${second}`, influencer);
  await expect(add.getByText(/^All 2 codes are available in (GB and DE|DE and GB)\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await shotsAt(page, 'add-codes-checked');
  await add.getByRole('button', { name: 'Create Codes' }).click();
  await expect(toastTitle(page, 'Codes added successfully')).toBeVisible();
  const stores = add.getByRole('list', { name: 'Stores' });
  await expect(stores.getByRole('listitem')).toHaveCount(2);
  await shotsAt(page, 'add-codes-syncing');
  for (const store of ['Aurora GB', 'Aurora DE'])
    await expect(stores.getByRole('listitem', { name: store }).getByText('Live in Shopify')).toBeVisible({
      timeout: 90_000,
    });
  await expect(toastTitle(page, 'Codes created and synced to Shopify')).toBeVisible();
  await expect(add).toBeHidden();

  const entry = dialog.getByRole('listitem', { name: first });
  await expect(entry).toContainText(`Influencer: ${influencer}`);
  await expect(entry.getByLabel('GB: live')).toBeVisible();
  await expect(entry.getByLabel('DE: live')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
});

test('a code taken in one store is shown in the conflict dialog and added to the free store only', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { discountId, gb } = await deployedDiscount(browser);
  await signIn(page, demoAccounts.user, '/discounts');
  const status = await page.evaluate(
    async ({ id, code, store }) =>
      (
        await fetch(`/api/discounts/${id}/codes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ codes: [code], stores: [store] }),
        })
      ).status,
    { id: discountId, code: taken, store: gb },
  );
  expect(status).toBe(201);

  await openCodesDialog(page);
  const add = await checkCodes(page, `${taken}, ${free}`);
  const conflicts = page.getByRole('dialog', { name: 'Code Conflicts Detected' });
  await expect(conflicts.getByText(`Taken in Aurora GB: used by the discount “${discountName}”`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(conflicts.getByRole('checkbox', { name: /Aurora GB/ })).toBeDisabled();
  await expect(conflicts.getByRole('checkbox', { name: /Aurora DE/ })).toBeChecked();
  await shotsAt(page, 'conflicts');
  await conflicts.getByRole('button', { name: 'Add to Selected Stores (1)' }).click();
  await expect(toastTitle(page, 'Codes added to selected stores')).toBeVisible();
  await expect(add.getByRole('listitem', { name: 'Aurora DE' }).getByText('Live in Shopify')).toBeVisible({
    timeout: 90_000,
  });
  await expect(add).toBeHidden();

  await page.goto(`/discounts/${discountId}/codes`);
  await page.getByRole('searchbox', { name: 'Search codes' }).fill(free);
  const row = page.locator('tbody tr').filter({ hasText: free });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('img', { name: 'DE: live' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'GB: not in this store' })).toBeVisible();
});

test('manager@ deletes a code, and it leaves every store', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { discountId } = await deployedDiscount(browser);
  await signIn(page, demoAccounts.manager, `/discounts/${discountId}/codes`);
  await expect(page.getByRole('heading', { name: discountName })).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: second });
  await expect(row.getByRole('img', { name: 'GB: live' })).toBeVisible({ timeout: 90_000 });
  await shotsAt(page, 'codes-page');
  await row.getByRole('button', { name: `Delete ${second}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastTitle(page, 'Code removed successfully')).toBeVisible();
  await expect(row).toHaveCount(0, { timeout: 90_000 });
  await expect(page.locator('tbody tr').filter({ hasText: first })).toHaveCount(1);
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { givenDiscount, markAuroraProducts, untilDeployed } from './discount-setup';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

const outDir = process.env.SHOTS_DIR ?? path.join(process.cwd(), 'test-results', 'shots');
const sizes = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const screens = [
  ['dashboard', '/'],
  ['discounts', '/discounts'],
  ['create-discount', '/discounts/create'],
  ['products', '/products'],
  ['users', '/users'],
  ['stores', '/stores'],
  ['code-sync', '/code-sync'],
  ['synced-codes', '/synced-codes'],
  ['audit', '/audit'],
  ['not-found', '/no-such-page'],
] as const;

/** A discount to open (the demo world has none): created once, as admin@, through the wizard's API. */
async function aDiscount(page: Page): Promise<string> {
  const first = () =>
    page.evaluate(
      async () => ((await (await fetch('/api/discounts?limit=1')).json()) as { data: { id: string }[] }).data[0]?.id,
    );
  const existing = await first();
  if (existing) return existing;
  const id = await givenDiscount(page, 'Screens Summer Sale');
  // The list, which the walk reads the discount from, is a projection.
  await expect.poll(first, { timeout: 60_000 }).toBeTruthy();
  return id;
}

/** Shot once nothing on the page says it is still loading (pages that poll never reach network idle). */
async function shoot(page: Page, file: string) {
  await expect(page.locator('[aria-busy="true"], [role="status"][aria-label="Loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.screenshot({ path: path.join(outDir, file), fullPage: true });
}

test.beforeAll(() => fs.mkdirSync(outDir, { recursive: true }));

test('signed out: the landing page', async ({ page }) => {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, `signed-out-landing-${size.name}.png`);
  }
});

test('admin@ first: a discount to open', async ({ page }) => {
  await signIn(page, demoAccounts.admin, '/discounts');
  await aDiscount(page);
  // The wizard's walk picks these two in its browse dialogs.
  await markAuroraProducts(page, ['Aurora Canyon Jacket', 'Aurora Alpine Backpack']);
});

const missingId = '00000000-0000-4000-8000-000000000000';
/** Pages that must say "not found" or "not allowed" in words, with a way back. */
const errorScreens = [
  ['discount-missing-codes', `/discounts/${missingId}/codes`],
  ['discount-malformed-codes', '/discounts/not-an-id/codes'],
  ['discount-missing-panel', `/discounts?details=${missingId}`],
] as const;

/** Clicks what opens a dialog or a tab when the role has it, shoots, and closes a dialog again. */
async function shootAfterClick(page: Page, target: ReturnType<Page['getByRole']>, file: string, dialog: boolean) {
  if (!(await target.first().isVisible())) return;
  await target.first().click();
  if (dialog) await expect(page.getByRole('alertdialog').or(page.getByRole('dialog')).last()).toBeVisible();
  await shoot(page, file);
  if (dialog) await page.keyboard.press('Escape');
}

/** The panel's tabs and its confirm dialog, each as this role sees it. */
async function walkPanel(page: Page, id: string, prefix: string) {
  await page.goto(`/discounts?details=${id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, `${prefix}-panel-details.png`);
  await shootAfterClick(
    page,
    page.getByRole('button', { name: 'End discount' }),
    `${prefix}-panel-end-confirm.png`,
    true,
  );
  for (const tab of ['History', 'As of', 'Preview']) {
    const trigger = page.getByRole('tab', { name: tab });
    await shootAfterClick(page, trigger, `${prefix}-panel-${tab.toLowerCase().replace(' ', '-')}.png`, false);
  }
}

/** Picks the first product a browse dialog finds for `search`. */
async function browse(page: Page, button: string, search: string, file: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill(search);
  await dialog.getByRole('checkbox').first().check();
  await shoot(page, file);
  await dialog.getByRole('button', { name: 'Done (1 selected)' }).click();
}

/**
 * Every step of the wizard for a role that may create: step 1's errors, then a gift with purchase through
 * Products (2), its gift (3), stores (4) and the review (5), and a multi-discount's rules (its step 3).
 */
async function walkWizard(page: Page, prefix: string) {
  await page.goto('/discounts/create');
  const name = page.getByLabel('Discount Name');
  if (!(await name.isVisible())) return;
  const discard = page.getByRole('button', { name: 'Discard Draft' });
  const next = page.getByRole('button', { name: 'Next' });
  const heading = (text: string) => expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await next.click();
  await shoot(page, `${prefix}-wizard-1-errors.png`);
  await page.getByLabel('Brand').click();
  await page.getByRole('option', { name: 'Aurora' }).click();
  await name.fill('Walk Winter Gift');
  await page.getByLabel(/Gift with purchase/).check();
  await next.click();
  await heading('Step 2:');
  await shoot(page, `${prefix}-wizard-2-products.png`);
  await next.click();
  await heading('Step 3:');
  await shoot(page, `${prefix}-wizard-3-gift.png`);
  await browse(page, 'Browse Products', 'Aurora Canyon Jacket', `${prefix}-wizard-3-browse.png`);
  await browse(page, 'Browse Gift Products', 'Aurora Alpine Backpack', `${prefix}-wizard-3-browse-gift.png`);
  await next.click();
  await heading('Step 4:');
  await shoot(page, `${prefix}-wizard-4-stores.png`);
  await page.getByRole('checkbox', { name: /Aurora GB/ }).check();
  await next.click();
  await heading('Step 5: Review');
  await shoot(page, `${prefix}-wizard-5-review.png`);
  // The draft outlives a reload (in this tab's sessionStorage): discard it, then a multi-discount's step 3.
  await discard.click();
  await heading('Step 1:');
  await page.getByLabel('Brand').click();
  await page.getByRole('option', { name: 'Aurora' }).click();
  await name.fill('Walk Winter Sale');
  await page.getByLabel(/Multi-discount/).check();
  await next.click();
  await heading('Step 3:');
  await shoot(page, `${prefix}-wizard-3-rules.png`);
  await discard.click();
  await heading('Step 1:');
}

for (const [role, email] of Object.entries(demoAccounts)) {
  test(`every screen as ${role}`, async ({ page }) => {
    await signIn(page, email, '/');
    const id = await page.evaluate(
      async () => ((await (await fetch('/api/discounts?limit=1')).json()) as { data: { id: string }[] }).data[0]?.id,
    );
    const all = [...screens, ...errorScreens, ...(id ? ([['discount-codes', `/discounts/${id}/codes`]] as const) : [])];
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const [name, url] of all) {
        await page.goto(url);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await shoot(page, `${role}-${name}-${size.name}.png`);
      }
      if (id) await walkPanel(page, id, `${role}-${size.name}`);
      await walkWizard(page, `${role}-${size.name}`);
    }
  });
}

test('the codes dialogs as user@: add codes, and the conflicts of a code taken in every store', async ({ page }) => {
  const run = Date.now().toString(36).toUpperCase();
  const taken = `TAKEN-${run}`;
  await signIn(page, demoAccounts.admin, '/discounts');
  const id = await givenDiscount(page, `Screens Conflicts ${run}`, ['Aurora GB', 'Aurora DE']);
  await untilDeployed(page, id, 2);
  const added = await page.evaluate(
    async ({ discount, code }) => {
      const detail = (await (await fetch(`/api/discounts/${discount}`)).json()) as {
        deployments: { storeId: number }[];
      };
      const response = await fetch(`/api/discounts/${discount}/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ codes: [code], stores: detail.deployments.map((d) => d.storeId) }),
      });
      return response.status;
    },
    { discount: id, code: taken },
  );
  expect(added).toBeLessThan(300);
  await page.context().clearCookies();
  await signIn(page, demoAccounts.user, `/discounts/${id}/codes`);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto(`/discounts/${id}/codes`);
    await page.getByRole('button', { name: 'Add Codes' }).click();
    const add = page.getByRole('dialog', { name: 'Add Codes' });
    await add.getByLabel('Codes').fill(`${taken}, FREE${size.width}-${run}`);
    await add.getByLabel('Influencer (optional)').fill('Anna Walk');
    await shoot(page, `user-add-codes-${size.name}.png`);
    await add.getByRole('button', { name: 'Check Availability' }).click();
    const conflicts = page.getByRole('dialog', { name: 'Code Conflicts Detected' });
    await expect(conflicts.getByRole('listitem', { name: taken })).toBeVisible({ timeout: 30_000 });
    await shoot(page, `user-codes-conflicts-${size.name}.png`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('first-load JavaScript of /discounts as user@ (compressed bytes on the wire)', async ({ page, browser }) => {
  await signIn(page, demoAccounts.user, '/discounts');
  const fresh = await browser.newContext({ storageState: await page.context().storageState() });
  const cold = await fresh.newPage();
  const scripts: Promise<number>[] = [];
  cold.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
  });
  await cold.goto('/discounts');
  await cold.waitForLoadState('networkidle');
  const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
  fs.writeFileSync(path.join(outDir, 'first-load-js.txt'), `/discounts as user@: ${kb.toFixed(1)} KB\n`);
  await fresh.close();
});

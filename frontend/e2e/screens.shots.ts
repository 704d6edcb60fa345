import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
  const create = () =>
    page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const listed = (await (await fetch('/api/discounts?limit=1')).json()) as { data?: { id: string }[] };
      if (listed.data?.[0]) return listed.data[0].id;
      const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
      const jacket = products.find((p) => p.name === 'Aurora Canyon Jacket')!;
      await post('/api/products/mark-for-discount', { brandId: 1, productIds: [jacket.id] });
      const created = await post('/api/admin/discounts', {
        name: 'Screens Summer Sale',
        discountType: 'multi',
        description: '',
        brandId: 1,
        storeIds: [],
        createdBy: 'placeholder',
        codes: [],
        productScope: { type: 'all', productIds: [], collectionIds: [] },
        multiConfig: {
          discounts: [
            { target: { type: 'product', id: jacket.id, name: jacket.name }, kind: 'percentage', amount: '10' },
          ],
          tieredDiscounting: false,
          tiers: [],
        },
        conditions: { startDate: '', endDate: '' },
      });
      return created.status === 201 ? ((await created.json()) as { id: string }).id : undefined;
    });
  // Marking is read back through a projection: the create is refused until it has caught up.
  let id: string | undefined;
  await expect(async () => {
    id = await create();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  }).toPass({ timeout: 60_000 });
  // ...and the list, which the walk reads the discount from, is a projection too.
  await expect(async () => {
    const listed = await page.evaluate(
      async () => ((await (await fetch('/api/discounts?limit=1')).json()) as { data: { id: string }[] }).data.length,
    );
    expect(listed).toBe(1);
  }).toPass({ timeout: 60_000 });
  return id!;
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

/** The wizard's steps as far as a new discount's name and a rule take it. */
async function walkWizard(page: Page, prefix: string) {
  await page.goto('/discounts/create');
  const name = page.getByLabel('Discount Name');
  if (!(await name.isVisible())) return;
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await shoot(page, `${prefix}-wizard-1-errors.png`);
  await name.fill('Walk Winter Sale');
  for (const step of [3, 4, 5]) {
    await next.click();
    const reached = await page
      .waitForURL(new RegExp(`step=${step}`), { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    await shoot(page, `${prefix}-wizard-${reached ? step : `${step - 1}-errors`}.png`);
    if (!reached) break;
  }
  await page.evaluate(() => localStorage.clear());
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

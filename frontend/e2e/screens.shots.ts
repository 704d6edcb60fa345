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
  const id = await page.evaluate(async () => {
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
    return ((await created.json()) as { id: string }).id;
  });
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

async function shoot(page: Page, file: string) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
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

for (const [role, email] of Object.entries(demoAccounts)) {
  test(`every screen as ${role}`, async ({ page }) => {
    await signIn(page, email, '/');
    const id = await page.evaluate(
      async () => ((await (await fetch('/api/discounts?limit=1')).json()) as { data: { id: string }[] }).data[0]?.id,
    );
    const all = [
      ...screens,
      ...(id
        ? ([
            ['discount-panel', `/discounts?details=${id}`],
            ['discount-codes', `/discounts/${id}/codes`],
          ] as const)
        : []),
    ];
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const [name, url] of all) {
        await page.goto(url);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await shoot(page, `${role}-${name}-${size.name}.png`);
      }
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

import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 22 §8: a double click on "Yes, Create Discount" creates one discount, not two with the same name.
const name = `Journey Double Click ${Date.now().toString(36)}`;

test('admin@ double-clicks "Yes, Create Discount" and gets one discount', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoAccounts.admin, '/discounts');
  const marked = await page.evaluate(async () => {
    const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
    const productIds = products.filter((p) => p.name === 'Aurora Canyon Jacket').map((p) => p.id);
    const response = await fetch('/api/products/mark-for-discount', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandId: 1, productIds }),
    });
    return response.status;
  });
  expect(marked).toBe(200);
  const creates: Promise<Response>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/discounts') {
      creates.push(request.response().then((response) => response!));
    }
  });

  await page.goto('/discounts/create');
  await page.getByLabel('Brand').click();
  await page.getByRole('option', { name: 'Aurora' }).click();
  await page.getByLabel('Discount Name').fill(name);
  await page.getByLabel(/Gift with purchase/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const button of ['Browse Products', 'Browse Gift Products']) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill('Aurora Canyon Jacket');
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Done (1 selected)' }).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Aurora GB/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Discount' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Discount Creation' })
    .getByRole('button', { name: 'Yes, Create Discount' })
    .dblclick();
  await expect(page.locator('[data-slot="toast-title"]', { hasText: 'Discount Created' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/discounts$/);

  // Every create the page sent has its answer; the list read waits for the latest of them (X-Min-Position).
  const answers = await Promise.all(creates);
  expect(answers.length).toBeGreaterThan(0);
  const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)));
  expect(ids.size).toBe(1);
  const positions = answers.map((a) => BigInt(a.headers()['x-event-position'] ?? '0'));
  const latest = positions.reduce((max, p) => (p > max ? p : max), 0n).toString();
  const listed = await page.evaluate(
    async ({ search, position }) => {
      const response = await fetch(`/api/discounts?brandId=1&search=${encodeURIComponent(search)}`, {
        headers: { 'x-min-position': position },
      });
      return ((await response.json()) as { data: { name: string }[] }).data.filter((d) => d.name === search).length;
    },
    { search: name, position: latest },
  );
  expect(listed).toBe(1);
});

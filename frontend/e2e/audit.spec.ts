import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

const shots = 'test-results/audit-screenshots';
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });

// A gift with purchase of brand 1 (Aurora) whose product exists in the GB store only: GB deploys, US fails.
async function createPartlyFailingDiscount(page: Page, name: string) {
  const marked = await page.evaluate(async () => {
    const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
    const productIds = products.filter((p) => p.name === 'Aurora GB Edition Cap 1').map((p) => p.id);
    const response = await fetch('/api/products/mark-for-discount', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandId: 1, productIds }),
    });
    return response.status;
  });
  expect(marked).toBe(200);
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
    await dialog.getByRole('searchbox').fill('Aurora GB Edition Cap 1');
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Done (1 selected)' }).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Aurora GB/ }).check();
  await page.getByRole('checkbox', { name: /Aurora US/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Discount' }).click();
  await page.getByRole('button', { name: 'Yes, Create Discount' }).click();
  await expect(toastTitle(page, 'Discount Created')).toBeVisible();
}

test('admin@ reads a new discount’s history and sees it as of before a code was added, then filters Audit by person and exports CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A name and a code of this run's own: a code stays taken in its stores, so a run again against the same app
  // (`--repeat-each`) adds another.
  const runId = Date.now().toString(36);
  const name = `Journey Audit ${runId}`;
  const laterCode = `AUDIT-LATER-${runId.toUpperCase()}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demoAccounts.admin, '/discounts');
  await createPartlyFailingDiscount(page, name);

  await page.getByRole('searchbox', { name: 'Search discounts' }).fill(name);
  // The search reaches the address after a pause; opening the sheet before that would be undone by it.
  await expect(page).toHaveURL(/search=Journey/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: `Details of ${name}` }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('listitem', { name: 'Aurora US' }).getByText('Failed')).toBeVisible({ timeout: 90_000 });
  await expect(sheet.getByRole('listitem', { name: 'Aurora GB' }).getByText('Deployed')).toBeVisible({
    timeout: 90_000,
  });
  await sheet.getByRole('tab', { name: 'History' }).click();
  const entries = sheet.getByTestId('history-entry');
  const creation = entries.filter({ hasText: 'Discount created' });
  await expect(creation).toContainText(`by Ada Admin (${demoAccounts.admin})`, { timeout: 30_000 });
  await expect(creation).toContainText(name);
  await expect(entries.filter({ hasText: 'Discount deployed · Aurora GB' })).toContainText('by System');
  const failed = entries.filter({ hasText: 'Discount deployment failed · Aurora US' });
  await expect(failed).toContainText('reason');
  await expect(failed).toContainText('by System');
  await page.screenshot({ path: `${shots}/history-1440.png` });

  // As of: a moment after the deployments and before a code is added shows the discount without it.
  const times = await entries.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  const beforeCodes = Math.floor(Math.max(...times.map((t) => Date.parse(t))) / 1000) * 1000;
  const created = Math.min(...times.map((t) => Date.parse(t)));
  await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(beforeCodes + 1_100);
  const discountId = new URL(page.url()).searchParams.get('details')!;
  const added = await page.evaluate(
    async ({ id, code }) => {
      const detail = (await (await fetch(`/api/discounts/${id}`)).json()) as {
        deployments: { storeId: number; status: string }[];
      };
      const stores = detail.deployments.filter((d) => d.status === 'deployed').map((d) => d.storeId);
      const response = await fetch(`/api/discounts/${id}/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ codes: [code], stores, influencerName: null }),
      });
      return response.status;
    },
    { id: discountId, code: laterCode },
  );
  expect(added).toBeLessThan(300);
  await sheet.getByRole('tab', { name: 'As of' }).click();
  const picker = sheet.getByLabel('Date and time');
  const localOf = (ms: number) =>
    page.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, ms);
  await picker.fill(await localOf(Date.now() + 1_000));
  const answer = sheet.getByTestId('as-of-answer');
  await expect(answer.getByText(laterCode)).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText('Live in 1 of 2 stores');
  await picker.fill(await localOf(beforeCodes));
  await expect(answer.getByRole('heading', { name: 'No codes besides the first' })).toBeVisible();
  await expect(answer).toContainText('Live in 1 of 2 stores');
  await expect(answer).toContainText(name);
  await page.screenshot({ path: `${shots}/as-of-1440.png` });
  await picker.fill(await localOf(created - 60_000));
  await expect(sheet.getByText(/did not exist yet/)).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  // Part of the name finds the person; the filter goes into the address.
  await page.getByLabel('Person').fill('Ada');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]person=Ada/);
  const table = page.getByRole('list', { name: 'Audit events' });
  const createdRow = table.getByRole('listitem').filter({ hasText: 'Discount created' }).filter({ hasText: name });
  await expect(createdRow).toHaveCount(1);
  // Each row's own summary, not the closed 'Technical details' inside it.
  const rows = await table.locator(':scope > li > details > summary').allInnerTexts();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(demoAccounts.admin);
  for (const row of rows) expect(row).not.toMatch(/gid:\/\/|[0-9a-f]{8}-[0-9a-f]{4}-|auth type|saved locally/);
  // A row opens to the whole change, with a link to its discount.
  await createdRow.locator(':scope > details > summary').click();
  await expect(createdRow.getByRole('link', { name: 'Open the discount' })).toBeVisible();
  await page.screenshot({ path: `${shots}/audit-1440.png` });

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  expect(lines[0]).toBe('position,at,type,entity_kind,stream_id,actor_id,actor_email,actor_name,brand_ids,data');
  expect(lines.some((line) => line.includes(',DiscountCreated,discount,') && line.includes(name))).toBe(true);
  expect(lines.slice(1).every((line) => line.includes(demoAccounts.admin))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(createdRow).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/audit-390.png`, fullPage: false });
});

test('user@ cannot open Audit, and is not offered it', async ({ page }) => {
  await signIn(page, demoAccounts.user, '/discounts');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit is not open to your role' })).toBeVisible();
  const answer = await page.evaluate(async () => (await fetch('/api/audit')).status);
  expect(answer).toBe(403);
});

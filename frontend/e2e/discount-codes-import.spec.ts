import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// A discount of brand 1 (Aurora) deployed to its GB store, created through the API as admin@. Codes carry the
// run's time, so reruns against one app never collide.
const run = Date.now().toString(36).toUpperCase();
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });

async function deployedDiscount(page: Page): Promise<{ id: string; seedCode: string }> {
  const created = await page.evaluate(async (name) => {
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
    const gb = stores.find((s) => s.name === 'Aurora GB')?.id ?? 0;
    return (await json('/api/admin/discounts', {
      method: 'POST',
      body: JSON.stringify({
        name,
        discountType: 'multi',
        brandId: 1,
        storeIds: [gb],
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
  }, `Journey Import ${run}`);
  let seedCode = '';
  await expect
    .poll(
      async () => {
        const detail = await page.evaluate(async (id) => {
          const response = await fetch(`/api/discounts/${id}`);
          return response.ok ? ((await response.json()) as { deployments: { status: string; code: string }[] }) : null;
        }, created.id);
        // The seed code as reserved in the store (suffixed where the store held it already, decision 1012).
        seedCode = detail?.deployments[0]?.code ?? '';
        return detail?.deployments.map((d) => d.status).join(',') ?? 'not yet';
      },
      { timeout: 90_000 },
    )
    .toBe('deployed');
  return { id: created.id, seedCode };
}

test('admin@ imports a CSV of 1,000 codes with three bad rows and downloads the report of rejected rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoAccounts.admin, '/discounts');
  const { id, seedCode } = await deployedDiscount(page);

  const rows = Array.from({ length: 1000 }, (_, i) => `IMP-${run}-${i},${i % 2 ? 'Anna Journey' : ''}`);
  rows[99] = `BAD ${run},Anna Journey`; // row 101 of the file (after the header)
  rows[499] = `imp-${run}-7,`; // the same code as row 9
  rows[899] = `${seedCode},`; // held by this discount already (its seed code)
  const file = {
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`code,influencer\n${rows.join('\n')}\n`),
  };

  await page.goto(`/discounts/${id}/codes`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Codes from CSV' });
  await expect(dialog.getByRole('checkbox', { name: 'Aurora GB' })).toBeChecked();
  await dialog.getByLabel('CSV File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Import' }).click();

  const outcome = dialog.getByRole('status', { name: 'Import result' });
  await expect(outcome).toContainText('997 codes added from 1,000 rows.', { timeout: 60_000 });
  await expect(outcome).toContainText('3 rows rejected.');
  await expect(toastTitle(page, 'Codes Imported')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download Rejected Rows' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rejected-rows.csv');
  const report = await fs.readFile(await download.path(), 'utf8');
  expect(report.split('\r\n')).toEqual([
    'row,code,reason',
    `101,BAD ${run},The code holds a space or a control character`,
    `501,imp-${run}-7,The same code as row 9`,
    `901,${seedCode},Already used in Aurora GB (this discount)`,
    '',
  ]);

  // The export reads the codes list, which follows the import within moments; then the link downloads it.
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) => (await (await fetch(path)).text()).split('\r\n').length,
          `/api/discounts/${id}/codes/export`,
        ),
      { timeout: 30_000 },
    )
    .toBe(1 + 997 + 1 + 1);
  await page.screenshot({ path: test.info().outputPath('import-result-1440.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(exported.suggestedFilename()).toBe(`Journey-Import-${run}-codes.csv`);
  const lines = (await fs.readFile(await exported.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe('code,influencer,added_by,added_at (ISO 8601 UTC),deleted,first_code,Aurora GB');
  // The seed code, the discount's first code, closes the file, marked.
  expect(lines.at(-2)).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4},,admin@demo\.test,[^,]+,,yes,(pending|live)$/);
  // Pending until the push reactor has it live in the store: either may be true by now.
  const imported = new RegExp(`^IMP-${run}-1,Anna Journey,admin@demo\\.test,[^,]+,,,(pending|live)$`);
  expect(lines.filter((line) => imported.test(line))).toHaveLength(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('import-result-390.png') });
});

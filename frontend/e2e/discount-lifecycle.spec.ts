import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25, Discounts: the wizard keeps its step and draft through Back, Forward and a reload, and an ended
// discount reads as ended in the panel and on its codes page, without a reload.
const run = Date.now().toString(36);
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });

async function markJacket(page: Page) {
  const status = await page.evaluate(async () => {
    const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
    const productIds = products.filter((p) => p.name === 'Aurora Canyon Jacket').map((p) => p.id);
    const response = await fetch('/api/products/mark-for-discount', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandId: 1, productIds }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width}×${height}, admin@ keeps a wizard draft through reload and Back, creates it, ends it and sees it ended`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const name = `Journey Lifecycle ${width} ${run}`;
    await page.setViewportSize({ width, height });
    await signIn(page, demoAccounts.admin, '/discounts');
    await markJacket(page);

    await page.goto('/discounts/create');
    await page.getByLabel('Brand').click();
    await page.getByRole('option', { name: 'Aurora' }).click();
    await page.getByLabel('Discount Name').fill(name);
    await page.getByLabel(/Multi-discount/).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 3: Config')).toBeVisible();
    await expect(page).toHaveURL(/step=3/);

    // A reload keeps the step and what was typed; Back goes to the previous step, a header reopens a later one.
    await page.reload();
    await expect(page.getByText('Step 3: Config')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Step 1: Basics')).toBeVisible();
    await expect(page.getByLabel('Discount Name')).toHaveValue(name);
    await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '3. Config' }).click();
    await expect(page.getByText('Step 3: Config')).toBeVisible();

    await page.getByLabel('Target Type').first().click();
    await page.getByRole('option', { name: 'Product' }).click();
    await page.locator('#rule-0-target').fill('Aurora Canyon Jacket');
    await page
      .getByRole('option', { name: /Aurora Canyon Jacket/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: /Aurora GB/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 5: Review')).toBeVisible();
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Discount Creation' })
      .getByRole('button', { name: 'Yes, Create Discount' })
      .click();
    await expect(toastTitle(page, 'Discount Created')).toBeVisible();
    await expect(page).toHaveURL(/\/discounts$/);

    await page.getByRole('searchbox', { name: 'Search discounts' }).fill(name);
    // The search reaches the address 300 ms after the last key; a click before that could be overtaken by it.
    await expect(page).toHaveURL(/search=/);
    await page.getByRole('link', { name: `Details of ${name}` }).click();
    const panel = page.getByRole('dialog');
    const gb = panel.getByRole('listitem', { name: 'Aurora GB' });
    await expect(gb.getByText('Deployed')).toBeVisible({ timeout: 90_000 });
    await panel.getByRole('button', { name: 'End discount' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End discount' }).click();
    await expect(toastTitle(page, 'Discount Ended')).toBeVisible();
    // Without a reload, the store goes from Deployed to Ended; nothing is offered that would fail.
    await expect(gb.getByText('Ended', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(panel.getByText(/ended early on/)).toBeVisible();
    await expect(panel.getByText(/no end date/)).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await panel.getByRole('link', { name: /View Codes/ }).click();
    await expect(page.getByRole('note')).toContainText('This discount ended on');
    await expect(page.getByRole('note')).not.toContainText('once a store is live');
    await expect(page.getByRole('button', { name: 'Add Codes' })).toBeDisabled();
  });
}

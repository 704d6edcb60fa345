import type { Page } from '@playwright/test';
import { givenDiscount } from './discount-setup';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25, "History and Audit" and "Synced codes and formats": what admins read, at a desk and on a phone.

/**
 * Other spellings of the glossary's words (a discount type, a role, a screen, signing out) and plurals guessed
 * with "(s)".
 */
const otherSpellings =
  /\bGWP\b|\bMULTI\b|Multi-Discount|Gift [Ww]ith Purchase|Single-Code|Bulk Sets|Code Synchronization|Super Admin|Log ?out|[Ss]eed code|\w\(s\)/;
const expectOneVoice = async (page: Page) => expect(await page.locator('body').innerText()).not.toMatch(otherSpellings);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Each journey signs in and runs axe on every page: slow on a loaded machine, not racy.
    test.beforeEach(() => test.setTimeout(180_000));

    test('admin@ reads Audit without internals, opens a row, and finds people by part of their name', async ({
      page,
    }) => {
      await signIn(page, demoAccounts.admin, '/audit?person=Ada');
      await expect(page.getByLabel('Person')).toHaveValue('Ada');
      const list = page.getByRole('list', { name: 'Audit events' });
      const rows = list.locator('summary');
      await expect(rows.first()).toContainText('Ada Admin (admin@demo.test)');
      for (const text of await rows.allInnerTexts())
        expect(text).not.toMatch(
          /gid:\/\/|auth type|saved locally|store ids|[0-9a-f]{8}-[0-9a-f]{4}-|\d{4}-\d{2}-\d{2}T/,
        );
      await rows.first().click();
      await expect(list.getByText('Technical details').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test("admin@ syncs a store and reads its codes typed in the filter's words, within the screen", async ({
      page,
    }) => {
      await signIn(page, demoAccounts.admin, '/code-sync');
      // Not aurora-uk: code-sync.spec.ts syncs that one, maybe at the same time in the other worker.
      const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('borealis-uk.myshopify.com') });
      await card.getByRole('button', { name: 'Full Sync' }).click();
      await expect(card.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Incremental Update' })).toBeVisible({ timeout: 90_000 });
      await page.goto('/synced-codes');
      const table = page.getByRole('table');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expect(table.getByText('Standard', { exact: true })).toHaveCount(0);
      await expect(table.getByText('App Discount', { exact: true })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('admin@ meets one name per discount type in the wizard, the list, the filter, the dashboard and Synced Codes', async ({
      page,
    }) => {
      const name = `Words ${viewport.width} ${Date.now().toString(36)}`;
      await signIn(page, demoAccounts.admin, '/discounts');
      const id = await givenDiscount(page, name);
      const row = page.locator('tbody tr').filter({ hasText: name });
      // The list is a read model: it shows the discount once the projection has it.
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      await expect(row.getByText('Multi-discount', { exact: true })).toBeVisible();
      const filters = page.getByRole('button', { name: 'Filters' });
      if (await filters.isVisible()) await filters.click();
      await page.getByLabel('Type', { exact: true }).click();
      await expect(page.getByRole('option', { name: 'Multi-discount', exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Gift with purchase', exact: true })).toBeVisible();
      await expectOneVoice(page);
      await page.keyboard.press('Escape');

      // The panel's As of tab names the type and status as the Details tab does, not `multi` and `active`.
      await page.goto(`/discounts?details=${id}`);
      await expect(page.getByRole('dialog').getByText('First code', { exact: true })).toBeVisible();
      await expectOneVoice(page);
      await page.getByRole('tab', { name: 'As of' }).click();
      const asOf = page.getByTestId('as-of-answer');
      await expect(asOf.getByText('Multi-discount', { exact: true })).toBeVisible();
      await expect(asOf.getByText('Active', { exact: true })).toBeVisible();
      await expect(asOf.getByText(/^(multi|active)$/)).toHaveCount(0);
      // Its first code is listed above the codes, so the codes do not say there are none.
      await expect(asOf.getByRole('heading', { name: 'No codes besides the first' })).toBeVisible();

      // History and Audit say the type, the first code and the rules as staff do, not the log's `multi` and tuples.
      const logWords = /discount type|seed code|\(kind:|\bmulti\b|target: name/;
      await page.getByRole('tab', { name: 'History' }).click();
      const creation = page.getByTestId('history-entry').filter({ hasText: 'Discount created' });
      await expect(creation).toContainText('Multi-discount', { timeout: 30_000 });
      await expect(creation).toContainText('first code');
      await expect(creation).toContainText('10% off the product Aurora Canyon Jacket');
      expect(await creation.innerText()).not.toMatch(logWords);
      await page.goto('/audit?person=Ada');
      const createdRow = page
        .getByRole('list', { name: 'Audit events' })
        .getByRole('listitem')
        .filter({ hasText: 'Discount created' })
        .filter({ hasText: name });
      await expect(createdRow.locator(':scope > details > summary')).toContainText('type: Multi-discount');
      await createdRow.locator(':scope > details > summary').click();
      await expect(createdRow).toContainText('10% off the product Aurora Canyon Jacket');
      expect(await createdRow.innerText()).not.toMatch(logWords);

      await page.goto('/discounts/create');
      await expect(page.getByLabel('Multi-discount', { exact: false })).toBeVisible();
      await expect(page.getByLabel('Gift with purchase', { exact: false })).toBeVisible();
      await expectOneVoice(page);

      await page.goto('/');
      const recent = page
        .getByRole('list', { name: 'Recent discounts' })
        .getByRole('listitem')
        .filter({ hasText: name });
      await expect(recent.getByText('Multi-discount', { exact: true })).toBeVisible();
      await expectOneVoice(page);

      await page.goto('/synced-codes');
      await expect(page.getByText('Single codes', { exact: true })).toBeVisible();
      await expect(page.getByText('Manual discounts')).toHaveCount(0);
      await expectOneVoice(page);

      await page.goto('/code-sync');
      await expect(page.getByRole('heading', { level: 1, name: 'Code Sync' })).toBeVisible();
      await expectOneVoice(page);
    });

    test('manager@ meets one Sign out on the dashboard, and the role in the bar only beside the name', async ({
      page,
    }) => {
      await signIn(page, demoAccounts.manager, '/');
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1);
      // The dashboard names the role twice (the person's header and Permission Level); on a phone the bar has no
      // room for the name, and a role without it was a third.
      const barRole = page.getByRole('banner').getByText('Manager', { exact: true });
      if (viewport.width < 640) await expect(barRole).toBeHidden();
      else await expect(barRole).toBeVisible();
    });

    test('super@ reads "Stores" once on the Stores screen, besides the navigation and its tab', async ({ page }) => {
      await signIn(page, demoAccounts.super_admin, '/stores');
      await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
      // The tab's own heading is there for screen readers only (a 1-pixel clip), not shown a third time.
      const tabHeading = page.getByRole('heading', { name: 'Stores', level: 2 });
      await expect(tabHeading).toHaveCount(1);
      expect((await tabHeading.boundingBox())?.height).toBeLessThanOrEqual(1);
      await expect(page.getByRole('button', { name: 'Add Store' })).toBeVisible();
    });
  });
}

import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// The demo world sells each shared Aurora product in all three Aurora stores (the same SKUs), so each is one
// group. Each size marks a product of its own; catalog.spec.ts marks the first three by title, never these.
const auroraStores = ['Aurora GB', 'Aurora DE', 'Aurora US'];
const toastTitle = (page: Page, text: string) => page.locator('[data-slot="toast-title"]', { hasText: text });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

type ListedProduct = { name: string; storeName: string; isAvailableForDiscount: boolean };

for (const size of [
  { name: 'desktop', width: 1440, height: 900, product: 'Aurora Harbour Runner' },
  { name: '390×844', width: 390, height: 844, product: 'Aurora Summit Cap' },
]) {
  test.describe(`At ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('admin@ marks a product once and it is available in all its stores', async ({ page }) => {
      // Sign-in and axe on every page take long on a busy shared machine; nothing here waits on time.
      test.setTimeout(120_000);
      await signIn(page, demoAccounts.admin, '/products');
      await expect(page).toHaveTitle('Products · Discount Manager');
      const unavailable = section(page, 'Not available for discount');
      const available = section(page, 'Available for discount');

      // One card for the product, with its three stores as badges.
      await unavailable.getByRole('searchbox').fill(size.product);
      const cards = unavailable.getByTestId('product-card');
      await expect(cards).toHaveCount(1);
      const card = cards.first();
      for (const store of auroraStores) await expect(card.getByText(store, { exact: true })).toBeVisible();
      await expect(card.getByText('3 stores', { exact: true })).toBeVisible();
      await expect(card.getByText('Unavailable', { exact: true })).toBeVisible();

      await card.getByRole('checkbox', { name: `Select ${size.product} (Aurora GB, Aurora DE and Aurora US)` }).check();
      await expect(page.getByText('1 selected')).toBeVisible();
      await page.getByRole('button', { name: 'Mark for Discount', exact: true }).click();
      await expect(toastTitle(page, 'Products marked for discount')).toBeVisible();
      await expect(
        page
          .locator('[data-slot="toast-description"]')
          .getByText(`${size.product} is now available for discount in Aurora GB, Aurora DE and Aurora US`),
      ).toBeVisible();

      // The card moved to Available as a whole; each store's copy inside says Available.
      await expect(unavailable.getByTestId('product-card')).toHaveCount(0);
      await available.getByRole('searchbox').fill(size.product);
      const marked = available.getByTestId('product-card');
      await expect(marked).toHaveCount(1);
      await expect(marked.getByText('Available', { exact: true })).toBeVisible();
      await marked.getByRole('button', { name: /variants? of / }).click();
      const copies = marked.getByRole('list', { name: `${size.product} per store` }).getByRole('listitem');
      await expect(copies).toHaveCount(3);
      for (const store of auroraStores) await expect(copies.filter({ hasText: store })).toContainText('Available');
      await expectAccessible(page);

      // And the server says so for every store's copy.
      const listed = await (await page.request.get('/api/products/all?brandId=1')).json();
      const copiesListed = (listed as ListedProduct[]).filter((p) => p.name === size.product);
      expect(copiesListed.map((p) => p.storeName).sort()).toEqual([...auroraStores].sort());
      expect(copiesListed.every((p) => p.isAvailableForDiscount)).toBe(true);
    });
  });
}

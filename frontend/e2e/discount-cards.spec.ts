import { givenDiscount } from './discount-setup';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25: at 390 px a discount was a card of one labelled line per column, over 250 px each; the essentials
// (name, type, brand, codes, date, stores, actions) now fit a card under half that height.
test.use({ viewport: { width: 390, height: 844 } });

test('admin@ on a phone sees each discount as a compact card with its essentials', async ({ page }) => {
  test.setTimeout(120_000); // several page loads, one create
  const name = `Phone Card ${Date.now().toString(36)}`;
  await signIn(page, demoAccounts.admin, '/discounts');
  const id = await givenDiscount(page, name);
  const cards = page.locator('tbody tr');
  const card = cards.filter({ hasText: name });
  // The list is a read model: it shows the discount once the projection has it.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(card.getByRole('link', { name: /^Details of / })).toBeVisible();
  await expect(card.getByRole('link', { name: /^Manage Codes of / })).toBeVisible();
  await expect(card.getByRole('link', { name: /^View Codes of / })).toBeVisible();
  await expect(card).toContainText(/\d+ codes?/);
  await expect(card).toContainText('Aurora');

  for (const box of await cards.evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getBoundingClientRect()))) {
    expect(box.height, 'card height at 390 px').toBeLessThanOrEqual(125);
    expect(box.width).toBeLessThanOrEqual(390);
  }
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // On the codes page the first code's card has no actions, so it shows no empty "Actions" line.
  await page.goto(`/discounts/${id}/codes`);
  const first = page.locator('tbody tr').filter({ hasText: 'First code' });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first.getByText('Actions', { exact: true })).toBeHidden();
});

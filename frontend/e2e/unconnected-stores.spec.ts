import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Issue 25: a store added without its access token was offered by the wizard and took deployments that failed.
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const demoCountryCodes = new Set(['GB', 'DE', 'US']);
const newCountryCode = (): string => {
  const code = letters(2);
  return demoCountryCodes.has(code) ? newCountryCode() : code;
};

type Sent = { status: number; body: { id?: number; message?: string } };
const send = (page: Page, method: string, url: string, body: unknown): Promise<Sent> =>
  page.evaluate(
    async ([m, u, b]) => {
      const response = await fetch(u, { method: m, headers: { 'content-type': 'application/json' }, body: b });
      return { status: response.status, body: (await response.json()) as { id?: number; message?: string } };
    },
    [method, url, JSON.stringify(body)] as const,
  );

/** An Aurora store in a country of its own, with no token installed (the emulator knows no such shop). */
async function addUnconnectedStore(page: Page): Promise<{ id: number; countryCode: string }> {
  const regions = await page.evaluate(async () => (await (await fetch('/api/regions')).json()) as { id: number }[]);
  for (let attempt = 0; ; attempt += 1) {
    const countryCode = newCountryCode();
    const country = await send(page, 'POST', '/api/countries', {
      code: countryCode,
      name: `Unconnected ${letters(4)}`,
      regionId: regions[0]!.id,
    });
    if (country.status === 409 && attempt < 5) continue;
    expect(country.status, country.body.message).toBe(201);
    const slug = `e2e-unconnected-${letters(6).toLowerCase()}`;
    const store = await send(page, 'POST', '/api/stores', { urlSlug: slug, brandId: 1, countryId: country.body.id });
    expect(store.status, store.body.message).toBe(201);
    return { id: store.body.id!, countryCode };
  }
}

/** The journey's rule targets a marked product: the wizard's config step asks for one. */
async function markJacket(page: Page) {
  const products = await page.evaluate(
    async () => (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[],
  );
  const jacket = products.find((p) => p.name === 'Aurora Canyon Jacket');
  expect(jacket).toBeDefined();
  const marked = await send(page, 'POST', '/api/products/mark-for-discount', { brandId: 1, productIds: [jacket!.id] });
  expect(marked.status).toBe(200);
}

for (const size of [
  { name: '1440×900', width: 1440, height: 900 },
  { name: '390×844', width: 390, height: 844 },
]) {
  test.describe(`At ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('super@ sees a store without its token disabled in the wizard, and cannot deploy to it', async ({ page }) => {
      test.setTimeout(120_000); // sign-in, two API set-ups and three wizard steps
      await signIn(page, demoAccounts.super_admin, '/stores');
      const store = await addUnconnectedStore(page);
      await markJacket(page);
      try {
        await page.goto('/discounts/create');
        await page.getByLabel('Brand').click();
        await page.getByRole('option', { name: 'Aurora' }).click();
        await page.getByLabel('Discount Name').fill(`Unconnected ${letters(6)}`);
        await page.getByLabel(/Multi-discount/).check();
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText('Step 3: Config')).toBeVisible();
        await page.getByLabel('Target Type').first().click();
        await page.getByRole('option', { name: 'Product' }).click();
        await page.locator('#rule-0-target').fill('Aurora Canyon Jacket');
        await page
          .getByRole('option', { name: /Aurora Canyon Jacket/ })
          .first()
          .click();
        await page.getByRole('button', { name: 'Next' }).click();

        const choice = page.locator('label').filter({ hasText: `(${store.countryCode})` });
        await expect(choice).toContainText('Not connected: no access token');
        await expect(choice.getByRole('checkbox')).toBeDisabled();
        await expect(page.getByRole('checkbox', { name: /Aurora GB/ })).toBeEnabled();
        await expect(page.getByText('every active, connected store of the brand')).toBeVisible();
      } finally {
        // Journeys share one app: an active store of the demo brand would join every later "every store" create.
        expect((await send(page, 'PATCH', `/api/stores/${store.id}`, { isActive: false })).status).toBe(200);
      }
    });
  });
}

import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The journeys' one way to a discount without the wizard: the API the wizard calls, as the signed-in person. */

const jacketName = 'Aurora Canyon Jacket';

/**
 * Marks Aurora's products of these names for discount (the wizard and the create call accept marked products
 * only). Returns how many products were marked.
 */
export async function markAuroraProducts(page: Page, names: readonly string[]): Promise<number> {
  const result = await page.evaluate(async (wanted) => {
    const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
    const productIds = products.filter((p) => wanted.includes(p.name)).map((p) => p.id);
    const response = await fetch('/api/products/mark-for-discount', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandId: 1, productIds }),
    });
    return { status: response.status, count: productIds.length };
  }, names);
  expect(result.status).toBe(200);
  return result.count;
}

/**
 * A multi-discount of Aurora, 10 % off the Canyon Jacket, deployed to the named Aurora stores (none by default).
 * Marking is read back through a projection, so the create is retried until it is accepted. Returns its id.
 */
export async function givenDiscount(page: Page, name: string, storeNames: readonly string[] = []): Promise<string> {
  await markAuroraProducts(page, [jacketName]);
  let id: string | undefined;
  await expect(async () => {
    id = await page.evaluate(
      async ({ discountName, jacket, stores }) => {
        const products = (await (await fetch('/api/products/all?brandId=1')).json()) as { id: string; name: string }[];
        const target = products.find((p) => p.name === jacket);
        const all = (await (await fetch('/api/stores?brandId=1')).json()) as { id: number; name: string }[];
        const created = await fetch('/api/admin/discounts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: discountName,
            discountType: 'multi',
            description: '',
            brandId: 1,
            storeIds: all.filter((s) => stores.includes(s.name)).map((s) => s.id),
            codes: [],
            productScope: { type: 'all', productIds: [], collectionIds: [] },
            multiConfig: {
              discounts: [
                { target: { type: 'product', id: target?.id, name: jacket }, kind: 'percentage', amount: '10' },
              ],
              tieredDiscounting: false,
              tiers: [],
            },
            conditions: { startDate: '', endDate: '' },
          }),
        });
        return created.status === 201 ? ((await created.json()) as { id: string }).id : undefined;
      },
      { discountName: name, jacket: jacketName, stores: storeNames },
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  }).toPass({ timeout: 60_000 });
  return id!;
}

/** Waits until every store of the discount is deployed (the deployment reactor works after the create answers). */
export async function untilDeployed(page: Page, id: string, stores: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (discount) => {
          const response = await fetch(`/api/discounts/${discount}`);
          if (!response.ok) return `HTTP ${response.status}`;
          const detail = (await response.json()) as { deployments: { status: string }[] };
          return detail.deployments.map((d) => d.status).join(',');
        }, id),
      { timeout: 90_000 },
    )
    .toBe(Array(stores).fill('deployed').join(','));
}

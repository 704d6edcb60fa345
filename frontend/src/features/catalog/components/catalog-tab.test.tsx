import type { Collection, Product } from '@dm/events/http';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { aCollection, aProduct, de, linkedCollections, linkedProducts, uid, uk } from '../testing/catalog-fixtures';
import { CatalogTab } from './catalog-tab';
import { collectionsTab, productsTab } from './catalog-tabs';

const us = { storeId: 3, storeName: 'aurora-us' };
type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let products: Product[];
let collections: Collection[];
let links: unknown[];

beforeEach(() => {
  calls = [];
  links = [];
  resetToasts();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(112);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (path === '/api/products/all') return Response.json(products);
      if (path === '/api/collections') return Response.json(collections);
      if (path.endsWith('/links')) return Response.json(links);
      if (path.endsWith('mark-for-discount')) return Response.json({ updated: 3 });
      if (path === '/api/collections/link')
        return Response.json(
          { id: uid(70), linkType: 'manual', sourceCollectionId: uid(1001), targetCollectionId: uid(1003) },
          { status: 201 },
        );
      if (method === 'DELETE') return Response.json({ id: path.split('/').at(-1) });
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderTab = (tab: typeof productsTab | typeof collectionsTab) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      {/* The two definitions have different item types; each test renders one. */}
      {tab === productsTab ? (
        <CatalogTab tab={productsTab} brandId={1} />
      ) : (
        <CatalogTab tab={collectionsTab} brandId={1} />
      )}
      <Toaster />
    </QueryClientProvider>,
  );
const section = (name: string) => screen.getByRole('region', { name });
const cardOf = async (name: string) => (await screen.findByText(name)).closest('article') as HTMLElement;
const toastText = (text: string) => screen.findByText(text, {}, { timeout: 3000 });
const writes = () => calls.filter((c) => c.method !== 'GET');

/** The same jacket in three stores (same SKUs, so the same variants), and a cap sold in one store only. */
const jacketVariants = [
  { id: 'v-s', title: 'S', sku: 'AUR-001-S' },
  { id: 'v-m', title: 'M', sku: 'AUR-001-M' },
];
const jackets = (overrides: Partial<Product>[] = []) =>
  linkedProducts(1, [uk, de, us], { name: 'Trail Jacket', sku: 'AUR-001-S', variants: jacketVariants }).map((p, i) => ({
    ...p,
    ...overrides[i],
  }));

describe('When a product is linked across stores', () => {
  it('should show one card with its stores as badges and each store\u2019s copy inside', async () => {
    products = [...jackets([{}, { name: 'Trail-Jacke' }]), aProduct(9, { name: 'Harbour Cap' })];
    renderTab(productsTab);
    const card = await cardOf('Trail Jacket');
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    for (const store of ['aurora-uk', 'aurora-de', 'aurora-us']) expect(within(card).getByText(store)).toBeVisible();
    expect(within(card).getByText('3 stores')).toBeVisible();
    expect(within(card).getByText('Unavailable')).toBeVisible();

    await userEvent.click(
      within(card).getByRole('button', { name: '2 variants of Trail Jacket (aurora-uk, aurora-de and aurora-us)' }),
    );
    const copies = within(card).getByRole('list', { name: 'Trail Jacket per store' });
    expect(
      within(copies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'aurora-ukSKU: AUR-001-SUnavailableUnlink',
      'aurora-deTrail-JackeSKU: AUR-001-SUnavailableUnlink',
      'aurora-usSKU: AUR-001-SUnavailableUnlink',
    ]);
    expect(
      within(within(card).getByRole('list', { name: 'Variants' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SAUR-001-SAll 3 stores', 'MAUR-001-MAll 3 stores']);
  });

  it("should find the card by another store's name for it", async () => {
    products = [...jackets([{}, { name: 'Trail-Jacke' }]), aProduct(9, { name: 'Harbour Cap' })];
    renderTab(productsTab);
    await cardOf('Trail Jacket');
    await userEvent.type(within(section('Not available for discount')).getByRole('searchbox'), 'jacke');
    expect(screen.getByText('Trail Jacket')).toBeVisible();
    expect(screen.queryByText('Harbour Cap')).not.toBeInTheDocument();
  });

  it('should mark the group once, naming every store it is now available in', async () => {
    products = jackets();
    renderTab(productsTab);
    await cardOf('Trail Jacket');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select Trail Jacket (aurora-uk, aurora-de and aurora-us)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark for Discount' }));
    expect(
      await toastText('Trail Jacket is now available for discount in aurora-uk, aurora-de and aurora-us'),
    ).toBeVisible();
    // The group's id alone: the command API marks every member of its group.
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/products/mark-for-discount', body: { productIds: [uid(1)], brandId: 1 } },
    ]);
  });

  it('should list a group marked in some stores only as not available, saying where it is', async () => {
    products = [...jackets([{ isAvailableForDiscount: true }]), aProduct(9, { isAvailableForDiscount: true })];
    renderTab(productsTab);
    const card = await cardOf('Trail Jacket');
    expect(within(section('Not available for discount')).getByText('Trail Jacket')).toBeVisible();
    expect(within(card).getByText('Available in 1 of 3 stores')).toBeVisible();
    expect(within(section('Available for discount')).getByText('Product 9')).toBeVisible();
  });

  it('should split the group on Unlink, removing every link among its copies', async () => {
    products = jackets();
    links = [
      { id: uid(51), linkType: 'sku', sourceProductId: uid(1), targetProductId: uid(2) },
      { id: uid(52), linkType: 'sku', sourceProductId: uid(1), targetProductId: uid(3) },
      { id: uid(53), linkType: 'sku', sourceProductId: uid(2), targetProductId: uid(3) },
    ];
    renderTab(productsTab);
    await cardOf('Trail Jacket');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select Trail Jacket/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove 3 links?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await toastText('Product link removed successfully')).toBeVisible();
    expect(writes().map((c) => `${c.method} ${c.url}`)).toEqual(
      [51, 52, 53].map((n) => `DELETE /api/products/links/${uid(n)}`),
    );
  });

  it('should take one copy out of the group, leaving the others linked', async () => {
    products = jackets();
    links = [
      { id: uid(51), linkType: 'sku', sourceProductId: uid(1), targetProductId: uid(2) },
      { id: uid(52), linkType: 'sku', sourceProductId: uid(1), targetProductId: uid(3) },
      { id: uid(53), linkType: 'manual', sourceProductId: uid(2), targetProductId: uid(3) },
    ];
    renderTab(productsTab);
    const card = await cardOf('Trail Jacket');
    await userEvent.click(within(card).getByRole('button', { name: /^2 variants of Trail Jacket/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Unlink the aurora-de copy' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Take the aurora-de copy out of Trail Jacket?' });
    expect(writes()).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await toastText('Product link removed successfully')).toBeVisible();
    expect(writes().map((c) => `${c.method} ${c.url}`)).toEqual(
      [51, 53].map((n) => `DELETE /api/products/links/${uid(n)}`),
    );
  });
});

describe('When linking', () => {
  it('should enable Link Selected only with exactly two selected', async () => {
    products = [aProduct(1), aProduct(2), aProduct(3)];
    renderTab(productsTab);
    await cardOf('Product 1');
    const link = screen.getByRole('button', { name: 'Link Selected' });
    const select = (n: number) =>
      userEvent.click(screen.getByRole('checkbox', { name: `Select Product ${n} (aurora-uk)` }));
    expect(link).toBeDisabled();
    await select(1);
    expect(link).toBeDisabled();
    await select(2);
    expect(link).toBeEnabled();
    await select(3);
    expect(link).toBeDisabled();
    expect(link).toHaveAttribute('title', 'Please select exactly 2 products to link');
  });

  it('should link collections sharing a handle at once, and ask before linking two that look different', async () => {
    collections = [
      aCollection(1, { title: 'Best Sellers', handle: 'best-sellers' }),
      aCollection(2, { title: 'Bestseller', handle: 'best-sellers', ...de, stores: [de] }),
      aCollection(3, { title: 'Gift Ideas', handle: 'gift-ideas', ...de, stores: [de] }),
    ];
    renderTab(collectionsTab);
    await cardOf('Best Sellers');
    const select = (name: string) => userEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    await select('Best Sellers (aurora-uk)');
    await select('Gift Ideas (aurora-de)');
    await userEvent.click(screen.getByRole('button', { name: 'Link Selected' }));
    const question = await screen.findByRole('alertdialog', { name: 'Link two different collections?' });
    expect(question).toHaveTextContent("'Best Sellers' (best-sellers) and 'Gift Ideas' (gift-ideas)");
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await select('Gift Ideas (aurora-de)');
    await select('Bestseller (aurora-de)');
    await userEvent.click(screen.getByRole('button', { name: 'Link Selected' }));
    expect(await toastText('Best Sellers (aurora-uk) and Bestseller (aurora-de) are now linked')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/collections/link',
        body: { sourceCollectionId: uid(1001), targetCollectionId: uid(1002), brandId: 1 },
      },
    ]);
  });

  it('should show linked collections as one card with a per-store view', async () => {
    collections = linkedCollections(1, [uk, de], { title: 'Sale', handle: 'sale' });
    renderTab(collectionsTab);
    const card = await cardOf('Sale');
    expect(screen.getAllByTestId('collection-card')).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Per store: Sale (aurora-uk and aurora-de)' }));
    expect(within(card).getByRole('list', { name: 'Sale per store' })).toHaveTextContent(
      'aurora-uksale · 4 productsUnavailableUnlinkaurora-desale · 4 productsUnavailableUnlink',
    );
  });
});

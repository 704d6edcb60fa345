import type { Collection, Product } from '@dm/events/http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import {
  aCollection,
  aProduct,
  aStore,
  de,
  linkedCollections,
  linkedProducts,
  uid,
  uk,
} from '@/features/catalog/testing/catalog-fixtures';
import { renderApp, userAt } from '@/testing/render-app';
import { selectOption } from '@/testing/select-option';

type Call = { method: string; url: string; body: unknown };
type Answer = Response | (() => Response | Promise<Response>);
let calls: Call[];
let products: Product[];
let collections: Collection[];
let answers: Map<string, Answer[]>;

/** Queue answers for `METHOD path` (checked before the defaults), used once each in order. */
const answer = (key: string, ...responses: Answer[]) => answers.set(key, [...(answers.get(key) ?? []), ...responses]);

beforeEach(() => {
  calls = [];
  products = [];
  collections = [];
  answers = new Map();
  resetToasts();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(112);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const queued = answers.get(`${method} ${path}`)?.shift();
      if (queued) return typeof queued === 'function' ? queued() : queued;
      if (path === '/api/user/brands')
        return Response.json([
          { id: 1, name: 'Aurora' },
          { id: 2, name: 'Borealis' },
        ]);
      if (path === '/api/stores') return Response.json([aStore(1, 'aurora-uk'), aStore(2, 'aurora-de')]);
      if (path === '/api/products/all') return Response.json(products);
      if (path === '/api/collections') return Response.json(collections);
      if (path.endsWith('/links')) return Response.json([]);
      if (method === 'POST' && path.endsWith('mark-for-discount')) return Response.json({ updated: 1 });
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async () => {
  renderApp('/product-management', userAt('admin'));
  expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument();
};
const group = (name: string) => screen.getByRole('region', { name });
const cardOf = async (name: string) => (await screen.findByText(name)).closest('article') as HTMLElement;
const toastTitle = (text: string) =>
  screen.findByText(text, { selector: '[data-slot="toast-title"]' }, { timeout: 3000 });
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);

describe('Import Settings', () => {
  it('should pick the first brand and store, import, and say how many came in', async () => {
    answer('POST /api/products/import', Response.json({ imported: 16, failed: 0, skipped: 0, error: null }));
    await open();
    await waitFor(() => expect(screen.getByLabelText('Brand')).toHaveTextContent('Aurora'));
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveTextContent('Aurora 1 (aurora-uk)'));
    await selectOption('Store', 'Aurora 2 (aurora-de)');
    await userEvent.click(screen.getByRole('button', { name: 'Import Products' }));
    expect(await toastTitle('Products imported successfully')).toBeInTheDocument();
    expect(screen.getByText('Aurora 2: 16 new or changed, 0 unchanged')).toBeInTheDocument();
    expect(posts('/api/products/import')[0]?.body).toEqual({ brandId: 1, storeId: 2 });
    expect(calls.some((c) => c.url.startsWith('/api/stores?brandId=1'))).toBe(true);
  });

  it.each([
    [
      { imported: 4, failed: 2, skipped: 1, error: 'Shop throttled' },
      'Collections imported with warnings',
      'Aurora 1: 4 new or changed, 1 unchanged, 2 failed. Shop throttled',
    ],
    [{ imported: 0, failed: 4, skipped: 0, error: 'Token rejected' }, 'Failed to import collections', 'Token rejected'],
  ])('should map the result %j to its notice', async (result, title, description) => {
    answer('POST /api/collections/import', Response.json(result));
    await open();
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveTextContent('Aurora 1 (aurora-uk)'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Collections' }));
    expect(await toastTitle(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it("should show the server's message when the import call fails", async () => {
    answer('POST /api/products/import', Response.json({ message: 'Shop unreachable' }, { status: 502 }));
    await open();
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveTextContent('Aurora 1 (aurora-uk)'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Products' }));
    expect(await toastTitle('Failed to import products')).toBeInTheDocument();
    expect(screen.getByText('Shop unreachable')).toBeInTheDocument();
  });

  it('should poll a 202 import, show the count so far with the button disabled, then the result', async () => {
    const importId = uid(99);
    const status = (state: string, imported: number) => () =>
      Response.json({
        importId,
        kind: 'products',
        brandId: 1,
        storeId: 1,
        status: state,
        imported,
        failed: 0,
        skipped: 0,
        error: null,
        requestedAt: '2026-01-01T00:00:00Z',
        finishedAt: null,
      });
    answer('POST /api/products/import', Response.json({ importId }, { status: 202 }));
    answer(`GET /api/imports/${importId}`, status('running', 120), status('succeeded', 250));
    await open();
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveTextContent('Aurora 1 (aurora-uk)'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Products' }));
    expect(screen.getByRole('button', { name: /Import Products/ })).toBeDisabled();
    expect(
      await screen.findByText('Importing products… 120 imported so far', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await toastTitle('Products imported successfully')).toBeInTheDocument();
    expect(screen.getByText('Aurora 1: 250 new or changed, 0 unchanged')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Import Products' })).toBeEnabled();
  }, 10_000);
});

describe('While the brands and stores load', () => {
  it('should show grey selects and disabled imports, never "No brands" or "No stores"', async () => {
    let release = () => {};
    const brands = new Promise<Response>((resolve) => {
      release = () => resolve(Response.json([{ id: 1, name: 'Aurora' }]));
    });
    answer('GET /api/user/brands', () => brands);
    answer('GET /api/stores', Response.json([]));
    renderApp('/products', userAt('admin'));
    expect(await screen.findByRole('status', { name: 'Loading brands' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Products' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import Collections' })).toBeDisabled();
    expect(screen.queryByText(/No brands|No stores/)).not.toBeInTheDocument();
    expect(document.title).toBe('Products · Discount Manager');
    act(() => release());
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveTextContent('This brand has no stores'));
    expect(screen.getByRole('button', { name: 'Import Products' })).toBeDisabled();
  });
});

describe('The Products tab', () => {
  it('should say when nothing is imported yet', async () => {
    await open();
    expect(await screen.findByText('No products imported yet')).toBeInTheDocument();
  });

  it('should say the products failed to load and why, and load them again on Retry', async () => {
    products = [aProduct(1)];
    answer('GET /api/products/all', new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await open();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch products');
    expect(failure).toHaveTextContent('The server could not answer (HTTP 500).');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
  });

  it("should count a product's variants in words", async () => {
    products = [
      aProduct(1, { name: 'One Size', variants: [{ id: 'v1', title: 'One', sku: 'X-1' }] }),
      aProduct(2, {
        name: 'Two Sizes',
        variants: [
          { id: 'v2', title: 'S', sku: 'X-S' },
          { id: 'v3', title: 'M', sku: 'X-M' },
        ],
      }),
    ];
    await open();
    expect(within(await cardOf('One Size')).getByText('1 variant')).toBeInTheDocument();
    expect(within(await cardOf('Two Sizes')).getByText('2 variants')).toBeInTheDocument();
  });

  it("should show each card's SKU, status, stores, 'N stores', 'Manual Link' and variants", async () => {
    products = [
      ...linkedProducts(1, [uk, de], { name: 'Trail Jacket', hasManualLink: true }),
      aProduct(5, { name: 'Summit Cap', sku: null, universalSku: null, isAvailableForDiscount: true }),
    ];
    await open();
    const jacket = await cardOf('Trail Jacket');
    expect(within(group('Not available for discount')).getByText('Trail Jacket')).toBeInTheDocument();
    expect(within(jacket).getByText('SKU: AUR-001-S')).toBeInTheDocument();
    expect(within(jacket).getByText('Unavailable')).toBeInTheDocument();
    expect(within(jacket).getByText('aurora-de')).toBeInTheDocument();
    expect(within(jacket).getByText('2 stores')).toBeInTheDocument();
    expect(within(jacket).getByText('Manual Link')).toBeInTheDocument();
    await userEvent.click(
      // One variant (S) in two store copies: counted once (issue 25), not once per store.
      within(jacket).getByRole('button', { name: '1 variant of Trail Jacket (aurora-uk and aurora-de)' }),
    );
    // The linked copies carry different SKUs in this fixture: the one variant shows both, in all its stores.
    expect(within(jacket).getByRole('list', { name: 'Variants' })).toHaveTextContent(
      'SAUR-001-S, AUR-002-SAll 2 stores',
    );

    const cap = await cardOf('Summit Cap');
    expect(within(group('Available for discount')).getByText('Summit Cap')).toBeInTheDocument();
    expect(within(cap).getByText('No SKU')).toBeInTheDocument();
    expect(within(cap).getByText('Available')).toBeInTheDocument();
    expect(within(cap).queryByText(/stores$/)).not.toBeInTheDocument();
    expect(within(cap).queryByText('Manual Link')).not.toBeInTheDocument();
  });

  it('should search a group by name or universal SKU', async () => {
    products = [aProduct(1, { name: 'Trail Jacket' }), aProduct(2, { name: 'Harbour Runner' })];
    await open();
    await screen.findByText('Trail Jacket');
    const search = within(group('Not available for discount')).getByRole('searchbox');
    await userEvent.type(search, 'harbour');
    expect(screen.queryByText('Trail Jacket')).not.toBeInTheDocument();
    expect(screen.getByText('Harbour Runner')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'aur-001');
    expect(screen.getByText('Trail Jacket')).toBeInTheDocument();
    expect(screen.queryByText('Harbour Runner')).not.toBeInTheDocument();
  });

  it('should mark the selected products, refetch, and report a failure with its message', async () => {
    products = [aProduct(1), aProduct(2), aProduct(3)];
    answer('POST /api/products/mark-for-discount', Response.json({ updated: 3 }));
    await open();
    await screen.findByText('Product 1');
    await userEvent.click(within(group('Not available for discount')).getByRole('checkbox', { name: /Select All/ }));
    const reads = calls.filter((c) => c.url.startsWith('/api/products/all')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Mark for Discount' }));
    expect(await toastTitle('Products marked for discount')).toBeInTheDocument();
    expect(
      screen.getByText('3 products are now available for discount in every store they are linked in'),
    ).toBeInTheDocument();
    expect(posts('/api/products/mark-for-discount')[0]?.body).toEqual({
      productIds: [uid(1), uid(2), uid(3)],
      brandId: 1,
    });
    expect(calls.filter((c) => c.url.startsWith('/api/products/all')).length).toBe(reads + 1);
    expect(screen.getByText('0 selected')).toBeInTheDocument();

    answer('POST /api/products/unmark-for-discount', Response.json({ message: 'Brand not yours' }, { status: 403 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 2 (aurora-uk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unmark' }));
    expect(await toastTitle('Failed to unmark products')).toBeInTheDocument();
    expect(screen.getByText('Brand not yours')).toBeInTheDocument();
  });

  it('should link exactly 2 products and refuse any other count', async () => {
    products = [aProduct(1), aProduct(2), aProduct(3)];
    answer(
      'POST /api/products/link',
      Response.json(
        { id: uid(50), linkType: 'manual', sourceProductId: uid(1), targetProductId: uid(3) },
        { status: 201 },
      ),
    );
    await open();
    await screen.findByText('Product 1');
    const linkButton = screen.getByRole('button', { name: 'Link Selected' });
    expect(linkButton).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 1 (aurora-uk)' }));
    expect(linkButton).toBeDisabled();
    expect(linkButton).toHaveAttribute('title', 'Please select exactly 2 products to link');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 3 (aurora-uk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Link Selected' }));
    expect(await toastTitle('Products linked successfully')).toBeInTheDocument();
    expect(posts('/api/products/link')[0]?.body).toEqual({
      sourceProductId: uid(1),
      targetProductId: uid(3),
      brandId: 1,
    });
  });

  it('should ask before removing the links of the selected product', async () => {
    products = [aProduct(1, { hasManualLink: true }), aProduct(2, { hasManualLink: true })];
    answer(
      'GET /api/products/links',
      Response.json([{ id: uid(50), linkType: 'manual', sourceProductId: uid(1), targetProductId: uid(2) }]),
    );
    answer(`DELETE /api/products/links/${uid(50)}`, Response.json({ id: uid(50) }));
    await open();
    await screen.findByText('Product 1');
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 2 (aurora-uk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove link?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await toastTitle('Product link removed successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/products/links/${uid(50)}`]);
  });

  it('should keep fewer than 100 cards in the DOM for 20,000 products', async () => {
    products = Array.from({ length: 20_000 }, (_, i) => aProduct(i + 1));
    await open();
    // Parsing 20,000 products can take longer than findBy's default second on a busy machine.
    await screen.findByText('Product 1', {}, { timeout: 15_000 });
    const list = screen.getByRole('list', { name: 'Not available for discount' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '20000');
    expect(screen.getAllByTestId('product-card').length).toBeLessThan(100);
  }, 20_000);
});

describe('The Collections tab', () => {
  const openCollections = async () => {
    await open();
    await userEvent.click(await screen.findByRole('tab', { name: 'Collections' }));
  };

  it('should say when nothing is imported yet', async () => {
    await openCollections();
    expect(await screen.findByText('No collections imported yet')).toBeInTheDocument();
  });

  it('should split the columns, search by title or handle, and link exactly 2', async () => {
    collections = [
      aCollection(1, { title: 'Best Sellers', handle: 'best-sellers', isAvailableForDiscount: true }),
      ...linkedCollections(2, [uk, de], { title: 'Gift Ideas', handle: 'presents' }),
      aCollection(4, { title: 'Sale', handle: 'sale' }),
    ];
    answer(
      'POST /api/collections/link',
      Response.json(
        { id: uid(60), linkType: 'manual', sourceCollectionId: uid(1002), targetCollectionId: uid(1003) },
        { status: 201 },
      ),
    );
    await openCollections();
    expect(
      within(await screen.findByRole('region', { name: 'Available for discount' })).getByText('Best Sellers'),
    ).toBeInTheDocument();
    expect(within(await cardOf('Gift Ideas')).getByText('2 stores')).toBeInTheDocument();
    const search = within(group('Not available for discount')).getByRole('searchbox');
    await userEvent.type(search, 'presents');
    expect(screen.queryByText('Sale')).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'SALE');
    expect(screen.getByText('Sale')).toBeInTheDocument();
    expect(screen.queryByText('Gift Ideas')).not.toBeInTheDocument();
    await userEvent.clear(search);

    expect(screen.getByRole('button', { name: 'Link Selected' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Gift Ideas (aurora-uk and aurora-de)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Sale (aurora-uk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Link Selected' }));
    // Different titles and handles: asked first, naming both.
    const question = await screen.findByRole('alertdialog', { name: 'Link two different collections?' });
    expect(question).toHaveTextContent("'Gift Ideas' (presents) and 'Sale' (sale) have different titles and handles");
    await userEvent.click(within(question).getByRole('button', { name: 'Link anyway' }));
    expect(await toastTitle('Collections linked successfully')).toBeInTheDocument();
    expect(posts('/api/collections/link')[0]?.body).toEqual({
      sourceCollectionId: uid(1002),
      targetCollectionId: uid(1004),
      brandId: 1,
    });
  });

  it('should mark for discount and show the failure notice', async () => {
    collections = [aCollection(1)];
    answer('POST /api/collections/mark-for-discount', Response.json({ message: 'nope' }, { status: 500 }));
    await openCollections();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Collection 1 (aurora-uk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark for Discount' }));
    expect(await toastTitle('Failed to mark collections')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark for Discount' }));
    expect(await toastTitle('Collections marked for discount')).toBeInTheDocument();
  });
});

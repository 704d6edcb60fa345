import { type CountryListItem, notConnectedAdvice, type RegionListItem, type StoreListItem } from '@dm/events/http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast } from '@/components/ui/use-toast';
import { renderApp, userAt } from '@/testing/render-app';
import { optionsOf, selectOption } from '@/testing/select-option';

const aStore = (overrides: Partial<StoreListItem> = {}): StoreListItem => ({
  id: 1,
  name: 'Aurora GB',
  urlSlug: 'aurora-uk',
  shopifyDomain: 'aurora-uk.myshopify.com',
  brandId: 1,
  countryId: 1,
  isActive: true,
  connected: true,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  regionCode: 'EU',
  regionName: 'Europe',
  ...overrides,
});
const uk: CountryListItem = {
  id: 1,
  code: 'GB',
  name: 'United Kingdom',
  regionId: 1,
  regionName: 'Europe',
  regionCode: 'EU',
  storeCount: 1,
};
const germany: CountryListItem = { ...uk, id: 2, code: 'DE', name: 'Germany', storeCount: 0 };
const europe: RegionListItem = { id: 1, code: 'EU', name: 'Europe', countryCount: 2 };

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let stores: StoreListItem[];
let countries: CountryListItem[];
let regions: RegionListItem[];
/** Answers for `METHOD url`, used once each before the defaults below. */
let queued: Map<string, (() => Response | Promise<Response>)[]>;
const answerOnce = (key: string, answer: () => Response | Promise<Response>) =>
  queued.set(key, [...(queued.get(key) ?? []), answer]);
const refuse = (status: number, message: string) => () => Response.json({ message }, { status });

beforeEach(() => {
  calls = [];
  stores = [];
  countries = [];
  regions = [];
  queued = new Map();
  resetToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const next = queued.get(`${method} ${url}`)?.shift();
      if (next) return next();
      if (method === 'GET' && url === '/api/stores') return Response.json(stores);
      if (method === 'GET' && url === '/api/countries') return Response.json(countries);
      if (method === 'GET' && url === '/api/regions') return Response.json(regions);
      if (url === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (method === 'POST' && url === '/api/stores') {
        return Response.json(
          {
            ...aStore({ id: 9, name: 'Aurora GB (aurora-fr)', urlSlug: 'aurora-fr', connected: false }),
            message: notConnectedAdvice('Aurora GB (aurora-fr)'),
          },
          { status: 201 },
        );
      }
      if (method === 'POST' && url === '/api/regions')
        return Response.json({ id: 2, code: 'APAC', name: 'Asia Pacific' }, { status: 201 });
      if (method === 'PATCH' && url.startsWith('/api/stores/')) {
        const body = JSON.parse(init.body as string) as Partial<StoreListItem>;
        return Response.json({ ...aStore(), ...body });
      }
      if (method === 'PATCH' && url === '/api/countries/1')
        return Response.json({ id: 1, regionId: 1, ...(JSON.parse(init.body as string) as object) });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  renderApp('/stores', userAt('super_admin'));
  expect(await screen.findByRole('heading', { name: 'Stores', level: 1 })).toBeInTheDocument();
};
const openTab = async (name: 'Countries' | 'Regions') => {
  await open();
  await userEvent.click(screen.getByRole('tab', { name }));
};
const openDialog = async (button: string, name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name });
};
const toastTitles = () => [...document.querySelectorAll('[data-slot="toast-title"]')].map((t) => t.textContent);
const writes = () => calls.filter((c) => c.method !== 'GET');

describe('When the caller is not a super admin', () => {
  it('should say so and load no location data', async () => {
    renderApp('/stores', userAt('admin'));
    expect(await screen.findByRole('heading', { name: 'Stores is not open to your role' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.filter((c) => /\/api\/(stores|countries|regions|user\/brands)/.test(c.url))).toEqual([]);
  });
});

describe('The Stores tab', () => {
  it('should name the page, and show the empty state', async () => {
    await open();
    expect(
      await screen.findByText('No stores configured yet. Add your first store to get started.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Stores · Discount Manager');
  });

  it('should show skeletons with Add Store disabled while loading, then the list', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    answerOnce('GET /api/stores', () => gate.then(() => Response.json([aStore()])));
    answerOnce('GET /api/countries', () => new Promise(() => {}));
    await open();
    expect(await screen.findByRole('status', { name: 'Loading stores' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Store' })).toBeDisabled();
    expect(screen.queryByText(/No stores configured/)).not.toBeInTheDocument();
    act(() => release());
    expect(await screen.findByTestId('store-aurora-uk')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading stores' })).not.toBeInTheDocument();
  });

  it('should say what failed and why, and load again on Retry', async () => {
    answerOnce('GET /api/stores', () => new Response('Internal error', { status: 502 }));
    stores = [aStore()];
    await open();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the stores');
    expect(failure).toHaveTextContent('The server could not answer (HTTP 502).');
    expect(failure).not.toHaveTextContent('Internal error');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('store-aurora-uk')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/stores')).toHaveLength(2);
  });

  it("should group stores by brand with the 'Brand {id}' fallback, and name the store a toggle changed", async () => {
    stores = [
      aStore(),
      aStore({ id: 2, name: 'Zephyr GB', urlSlug: 'zephyr-uk', brandId: 7, isActive: false, connected: false }),
    ];
    await open();
    expect(await screen.findByRole('heading', { name: 'Aurora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Brand 7' })).toBeInTheDocument();
    const card = screen.getByTestId('store-aurora-uk');
    expect(within(card).getByText('aurora-uk.myshopify.com')).toBeInTheDocument();
    expect(within(card).getByText('United Kingdom · Europe')).toBeInTheDocument();
    const inactive = screen.getByTestId('store-zephyr-uk');
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
    expect(within(inactive).getByRole('switch', { name: 'Active: Zephyr GB' })).not.toBeChecked();
    expect(within(inactive).getByText('Not connected: no access token')).toBeInTheDocument();
    expect(within(inactive).getByText(notConnectedAdvice('Zephyr GB'))).toBeInTheDocument();
    expect(within(card).queryByText('Not connected: no access token')).not.toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).queryByText('Inactive')).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('switch', { name: 'Active: Aurora GB' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Deactivate Aurora GB?' });
    expect(writes()).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/stores/1', body: { isActive: false } }),
    );
    expect(await screen.findByText('Store Updated')).toBeInTheDocument();
    expect(screen.getByText('Aurora GB is now inactive')).toBeInTheDocument();
  });

  it('should show one toast at a time: the newest replaces the one before', async () => {
    stores = [aStore(), aStore({ id: 2, name: 'Aurora DE', urlSlug: 'aurora-de' })];
    await open();
    const deactivate = async (name: string) => {
      await userEvent.click(await screen.findByRole('switch', { name: `Active: ${name}` }));
      const ask = await screen.findByRole('alertdialog', { name: `Deactivate ${name}?` });
      await userEvent.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    };
    await deactivate('Aurora GB');
    expect(await screen.findByText('Aurora GB is now inactive')).toBeInTheDocument();
    await deactivate('Aurora DE');
    expect(await screen.findByText('Aurora DE is now inactive')).toBeInTheDocument();
    expect(screen.queryByText('Aurora GB is now inactive')).not.toBeInTheDocument();
    expect(toastTitles()).toEqual(['Store Updated']);
  });

  it('should mark every empty field at the field, with no toast and nothing sent', async () => {
    countries = [uk];
    await open();
    const dialog = await openDialog('Add Store', 'Add Store');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await within(dialog).findByText('Enter a URL slug.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a brand.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a country.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('URL Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('URL Slug')).toHaveAccessibleDescription('Enter a URL slug.');
    expect(within(dialog).getByLabelText('URL Slug')).toHaveFocus();
    expect(toastTitles()).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('should preview the shop address only for a valid slug, and send integer ids', async () => {
    countries = [uk];
    await open();
    const dialog = await openDialog('Add Store', 'Add Store');
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'Aurora JP!');
    expect(within(dialog).queryByTestId('shop-preview')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('secret-note')).not.toHaveTextContent('JP!');

    await userEvent.clear(within(dialog).getByLabelText('URL Slug'));
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'aurora-fr');
    expect(within(dialog).getByTestId('shop-preview')).toHaveTextContent(
      'Shop address: https://aurora-fr.myshopify.com',
    );
    expect(within(dialog).getByTestId('secret-note')).not.toHaveTextContent(/SHOPIFY_TOKEN|secret/);
    expect(within(dialog).getByTestId('secret-note')).toHaveTextContent("Ask the store's Shopify owner for the token");
    await selectOption('Brand', 'Aurora', dialog);
    await selectOption('Country', 'United Kingdom (Europe)', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/stores',
        body: { urlSlug: 'aurora-fr', brandId: 1, countryId: 1 },
      }),
    );
    expect(await screen.findByText('Store Created')).toBeInTheDocument();
    expect(screen.getByText(notConnectedAdvice('Aurora GB (aurora-fr)'))).toBeInTheDocument();
    expect(screen.queryByText(/SHOPIFY_TOKEN/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Store' })).not.toBeInTheDocument());
  });

  it('should show the slug rule under the field instead of sending a bad slug', async () => {
    countries = [uk];
    await open();
    const dialog = await openDialog('Add Store', 'Add Store');
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), '-bad-');
    await selectOption('Brand', 'Aurora', dialog);
    await selectOption('Country', 'United Kingdom (Europe)', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await within(dialog).findByText(/A URL slug is 3 to 60 lowercase letters/)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("should show the server's refusal of a taken slug at the slug, not as a toast", async () => {
    countries = [uk];
    answerOnce('POST /api/stores', refuse(409, 'A store with URL slug aurora-uk already exists. Choose another slug.'));
    await open();
    const dialog = await openDialog('Add Store', 'Add Store');
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'aurora-uk');
    await selectOption('Brand', 'Aurora', dialog);
    await selectOption('Country', 'United Kingdom (Europe)', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    const slug = within(dialog).getByLabelText('URL Slug');
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription('A store with URL slug aurora-uk already exists. Choose another slug.'),
    );
    expect(slug).toHaveFocus();
    expect(toastTitles()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add Store' })).toBeInTheDocument();
  });

  it('should move a store to another country from its Edit dialog', async () => {
    stores = [aStore()];
    countries = [uk, germany];
    await open();
    const dialog = await openDialog('Edit Aurora GB', 'Edit Store');
    expect(within(dialog).getByLabelText('Country')).toHaveTextContent('United Kingdom (Europe)');
    await selectOption('Country', 'Germany (Europe)', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Store' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/stores/1', body: { countryId: 2 } }),
    );
    expect(await screen.findByText('Aurora GB now belongs to Germany')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Store' })).not.toBeInTheDocument());
  });

  it('should close the open dialog on Escape even while a toast shows', async () => {
    countries = [uk];
    await open();
    const dialog = await openDialog('Add Store', 'Add Store');
    act(() => {
      toast({ title: 'Store Updated', description: 'Aurora GB is now inactive' });
    });
    expect(await screen.findByText('Aurora GB is now inactive')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('URL Slug'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Store' })).not.toBeInTheDocument());
    expect(screen.getByText('Aurora GB is now inactive')).toBeInTheDocument();
  });
});

describe('The Countries tab', () => {
  it('should show its empty state', async () => {
    await openTab('Countries');
    expect(await screen.findByText('No countries configured yet.')).toBeInTheDocument();
  });

  it('should not offer to delete a country with stores, and say how to empty it', async () => {
    countries = [uk];
    await openTab('Countries');
    expect(await screen.findByRole('heading', { name: 'Europe (EU)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete United Kingdom' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByTestId('delete-blocked')).toHaveTextContent(
      'This country has 1 store that must be moved to another country first.',
    );
    expect(within(confirm).getByTestId('delete-blocked')).toHaveTextContent('On the Stores tab, use Edit');
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it("should show 'JPN' as a mistake at the code instead of cutting it to 'JP'", async () => {
    regions = [europe];
    await openTab('Countries');
    const dialog = await openDialog('Add Country', 'Add Country');
    await userEvent.type(within(dialog).getByLabelText('Country Code'), 'jpn');
    expect(within(dialog).getByLabelText('Country Code')).toHaveValue('JPN');
    await userEvent.type(within(dialog).getByLabelText('Country Name'), 'Japan');
    await selectOption('Region', 'Europe (EU)', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Country' }));
    expect(await within(dialog).findByText('A country code is exactly 2 letters.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('should edit a country in place and name it in the notice', async () => {
    countries = [uk];
    regions = [europe];
    await openTab('Countries');
    const dialog = await openDialog('Edit United Kingdom', 'Edit Country');
    expect(await optionsOf('Region', dialog)).toEqual(['Europe (EU)']);
    await userEvent.clear(within(dialog).getByLabelText('Country Name'));
    await userEvent.type(within(dialog).getByLabelText('Country Name'), 'Great Britain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Country' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        url: '/api/countries/1',
        body: { code: 'GB', name: 'Great Britain', regionId: 1 },
      }),
    );
    expect(await screen.findByText('Country Updated')).toBeInTheDocument();
    expect(screen.getByText('Great Britain (GB) was saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('The Regions tab', () => {
  it('should show its empty state', async () => {
    await openTab('Regions');
    expect(await screen.findByText('No regions configured yet.')).toBeInTheDocument();
  });

  it('should uppercase a new region code and name the region it added', async () => {
    await openTab('Regions');
    const dialog = await openDialog('Add Region', 'Add Region');
    await userEvent.type(within(dialog).getByLabelText('Region Code'), 'apac');
    await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Asia Pacific');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Region' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/regions',
        body: { code: 'APAC', name: 'Asia Pacific' },
      }),
    );
    expect(await screen.findByText('Region Created')).toBeInTheDocument();
    expect(screen.getByText('Asia Pacific (APAC) was added')).toBeInTheDocument();
  });

  it("should show the server's refusal of a taken code at the code", async () => {
    answerOnce('POST /api/regions', refuse(409, 'A region with code EU already exists (Europe).'));
    await openTab('Regions');
    const dialog = await openDialog('Add Region', 'Add Region');
    await userEvent.type(within(dialog).getByLabelText('Region Code'), 'eu');
    await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Europe again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Region' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Region Code')).toHaveAccessibleDescription(
        'A region with code EU already exists (Europe).',
      ),
    );
    expect(toastTitles()).toEqual([]);
  });

  it('should keep a failure about no field as a toast, and Escape still closes the dialog', async () => {
    answerOnce('POST /api/regions', refuse(500, 'Something went wrong on our side.'));
    await openTab('Regions');
    const dialog = await openDialog('Add Region', 'Add Region');
    await userEvent.type(within(dialog).getByLabelText('Region Code'), 'apac');
    await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Asia Pacific');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Region' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Error']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Region' })).not.toBeInTheDocument());
  });

  it('should not offer to delete a region with countries, and say why', async () => {
    regions = [europe, { id: 2, code: 'APAC', name: 'Asia Pacific', countryCount: 0 }];
    await openTab('Regions');
    expect(await screen.findByText('2 countries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Europe' }));
    const blocked = await screen.findByRole('alertdialog');
    expect(within(blocked).getByTestId('delete-blocked')).toHaveTextContent(
      'This region has 2 countries that must be deleted first.',
    );
    expect(within(blocked).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(within(blocked).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Asia Pacific' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).queryByTestId('delete-blocked')).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Asia Pacific (APAC) was deleted')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/regions/2', body: undefined }]);
  });
});

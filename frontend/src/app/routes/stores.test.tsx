import type { CountryListItem, RegionListItem, StoreListItem } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { renderApp, userAt } from '@/testing/render-app';

const aStore = (overrides: Partial<StoreListItem> = {}): StoreListItem => ({
  id: 1,
  name: 'Aurora GB',
  urlSlug: 'aurora-uk',
  shopifyDomain: 'aurora-uk.myshopify.com',
  brandId: 1,
  countryId: 1,
  isActive: true,
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
const europe: RegionListItem = { id: 1, code: 'EU', name: 'Europe', countryCount: 2 };

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let stores: StoreListItem[];
let countries: CountryListItem[];
let regions: RegionListItem[];
let failWith: { status: number; message: string } | null;

beforeEach(() => {
  calls = [];
  failWith = null;
  stores = [];
  countries = [];
  regions = [];
  resetToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (method !== 'GET' && failWith)
        return Response.json({ message: failWith.message }, { status: failWith.status });
      if (method === 'GET' && url === '/api/stores') return Response.json(stores);
      if (method === 'GET' && url === '/api/countries') return Response.json(countries);
      if (method === 'GET' && url === '/api/regions') return Response.json(regions);
      if (url === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (method === 'POST' && url === '/api/stores') {
        return Response.json(
          {
            ...aStore({ id: 9, urlSlug: 'aurora-fr' }),
            message: 'Store created. Add its API token as the secret AURORA_FR_SHOPIFY_TOKEN.',
          },
          { status: 201 },
        );
      }
      if (method === 'POST' && url === '/api/regions')
        return Response.json({ id: 2, code: 'APAC', name: 'Asia Pacific' }, { status: 201 });
      if (method === 'PATCH' && url.startsWith('/api/stores/')) return Response.json(aStore({ isActive: false }));
      if (method === 'PATCH' && url === '/api/countries/1')
        return Response.json({ id: 1, regionId: 1, ...(JSON.parse(init.body as string) as object) });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  renderApp('/stores', userAt('super_admin'));
  expect(await screen.findByRole('heading', { name: 'Store & Location Management' })).toBeInTheDocument();
};

describe('When the caller is not a super admin', () => {
  it('should say so and load no location data', async () => {
    renderApp('/stores', userAt('admin'));
    expect(await screen.findByText('You need super admin permissions to access store management.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.filter((c) => /\/api\/(stores|countries|regions|user\/brands)/.test(c.url))).toEqual([]);
  });
});

describe('The Stores tab', () => {
  it('should show the empty state', async () => {
    await open();
    expect(
      await screen.findByText('No stores configured yet. Add your first store to get started.'),
    ).toBeInTheDocument();
  });

  it("should group stores by brand with the 'Brand {id}' fallback, and toggle a store", async () => {
    stores = [aStore(), aStore({ id: 2, urlSlug: 'zephyr-uk', brandId: 7, isActive: false })];
    await open();
    expect(await screen.findByRole('heading', { name: 'Aurora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Brand 7' })).toBeInTheDocument();
    const card = screen.getByTestId('store-aurora-uk');
    expect(within(card).getByText('aurora-uk.myshopify.com')).toBeInTheDocument();
    expect(within(card).getByText('GB · EU')).toBeInTheDocument();
    expect(within(screen.getByTestId('store-zephyr-uk')).getByText('Inactive')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('switch', { name: 'Active: aurora-uk' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/stores/1', body: { isActive: false } }),
    );
    expect(await screen.findByText('Store Updated')).toBeInTheDocument();
    expect(screen.getByText('Store status has been updated')).toBeInTheDocument();
  });

  it('should preview the shop address and secret name, insist on every field, and send integer ids', async () => {
    countries = [uk];
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Store' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all fields')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('URL Slug'), 'aurora-uk');
    expect(within(dialog).getByTestId('shop-preview')).toHaveTextContent(
      'Shop address: https://aurora-uk.myshopify.com',
    );
    expect(within(dialog).getByTestId('secret-note')).toHaveTextContent('AURORA_UK_SHOPIFY_TOKEN');
    await userEvent.selectOptions(within(dialog).getByLabelText('Brand'), 'Aurora');
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'United Kingdom (Europe)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/stores',
        body: { urlSlug: 'aurora-uk', brandId: 1, countryId: 1 },
      }),
    );
    expect(await screen.findByText('Store Created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Store' })).not.toBeInTheDocument());
  });

  it('should show the slug rule under the field instead of sending a bad slug', async () => {
    countries = [uk];
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Store' });
    await userEvent.type(within(dialog).getByLabelText('URL Slug'), '-bad-');
    await userEvent.selectOptions(within(dialog).getByLabelText('Brand'), 'Aurora');
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'United Kingdom (Europe)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await within(dialog).findByText(/A URL slug is 3 to 60 lowercase letters/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('The Countries and Regions tabs', () => {
  it('should show their empty states', async () => {
    await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Countries' }));
    expect(await screen.findByText('No countries configured yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Regions' }));
    expect(await screen.findByText('No regions configured yet.')).toBeInTheDocument();
  });

  it('should warn before deleting a country with stores', async () => {
    countries = [uk];
    await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Countries' }));
    expect(await screen.findByRole('heading', { name: 'Europe (EU)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete United Kingdom' }));
    expect(await screen.findByText('Warning: This country has stores that must be deleted first.')).toBeInTheDocument();
  });

  it('should uppercase a new region code, and show the server refusal of a delete as an error toast', async () => {
    regions = [europe];
    await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Regions' }));
    expect(await screen.findByText('2 countries')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Region' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Region' });
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

    failWith = { status: 409, message: 'This region has 2 countries that must be deleted first.' };
    await userEvent.click(screen.getByRole('button', { name: 'Delete Europe' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      'This region has 2 countries that must be deleted first.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('This region has 2 countries that must be deleted first.').length).toBeGreaterThan(0);
  });

  it('should edit a country in place and say so', async () => {
    countries = [uk];
    regions = [europe];
    await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Countries' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit United Kingdom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Country' });
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
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

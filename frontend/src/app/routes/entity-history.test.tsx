import type { HistoryPage, StoreListItem } from '@dm/events/http';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';

const store: StoreListItem = {
  id: 3,
  name: 'Borealis GB',
  urlSlug: 'borealis-uk',
  shopifyDomain: 'borealis-uk.myshopify.com',
  brandId: 2,
  countryId: 1,
  isActive: false,
  connected: true,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  regionCode: 'EU',
  regionName: 'Europe',
};
const storeHistory: HistoryPage = {
  items: [
    {
      position: 7,
      at: '2026-01-05T10:00:00.000Z',
      type: 'StoreDeactivated',
      streamId: 'locations',
      entityKind: 'store',
      actor: { id: 'email:super@demo.test', email: 'super@demo.test', name: 'Sue Super' },
      brandIds: [2],
      data: { storeId: 3 },
      changes: [],
    },
  ],
  next: null,
};
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/stores') return Response.json([store]);
      if (url === '/api/countries' || url === '/api/regions') return Response.json([]);
      if (url === '/api/user/brands') return Response.json([{ id: 2, name: 'Borealis' }]);
      if (url.startsWith('/api/history?')) return Response.json(storeHistory);
      return Response.json({ message: `unexpected ${url}` }, { status: 500 });
    }),
  );
});

describe("A store's History action", () => {
  it('should open the store’s story in a sheet, asking for that store only', async () => {
    renderApp('/stores', userAt('super_admin'));
    const button = await screen.findByRole('button', { name: 'History of Borealis GB' }, { timeout: 5000 });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'History of Borealis GB' }, { timeout: 5000 });
    expect(await within(sheet).findByText('Store deactivated')).toBeInTheDocument();
    expect(within(sheet).getByText('by Sue Super (super@demo.test)')).toBeInTheDocument();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual(['/api/history?entity=store%3A3&limit=50']);
  }, 15_000);
});

import type { SyncedCode, SyncedCodeStats } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';
import { optionsOf } from '@/testing/select-option';

const aCode = (over: Partial<SyncedCode> = {}): SyncedCode => ({
  id: 'gid://shopify/DiscountRedeemCode/7',
  code: 'WELCOME10',
  discountTitle: 'Welcome 10',
  storeId: 1,
  storeName: 'Aurora GB',
  shopDomain: 'aurora-uk.myshopify.com',
  functionId: null,
  status: 'ACTIVE',
  usageCount: 10,
  usageLimit: 10,
  maxUsageReached: true,
  createdAt: '2026-01-10T10:00:00Z',
  shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1001',
  discountType: 'DiscountCodeBasic',
  isBxgy: false,
  ...over,
});
const stats: SyncedCodeStats = {
  totalCodes: 2004,
  totalDiscounts: 5,
  singleCodeDiscounts: 3,
  multiCodeDiscounts: 2,
  appCreatedDiscounts: 1,
  storeBreakdown: { 'Aurora GB': 2004 },
};

let lists: URL[];
let listAnswer: (url: URL) => Response;

beforeEach(() => {
  lists = [];
  listAnswer = () => Response.json({ codes: [aCode()], total: 120 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/synced-codes') {
        lists.push(parsed);
        return listAnswer(parsed);
      }
      if (parsed.pathname === '/api/synced-codes/stats') return Response.json(stats);
      if (parsed.pathname === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (parsed.pathname === '/api/stores') return Response.json([]);
      return Response.json({ message: `unexpected ${url}` }, { status: 500 });
    }),
  );
});

describe('When an admin opens Synced Codes', () => {
  it('should show the stats, the codes with usage, (Max) and the Shopify admin link', async () => {
    renderApp('/synced-codes', userAt('admin'));
    expect(await screen.findByText('Bulk sets', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Codes by Store')).toBeInTheDocument();
    const row = (await screen.findByText('WELCOME10')).closest('tr')!;
    expect(within(row).getByText('10/10')).toBeInTheDocument();
    expect(within(row).getByText('(Max)')).toHaveClass('text-destructive');
    expect(within(row).getByText('Manual (no function)')).toBeInTheDocument();
    expect(
      within(row).getByText(new Date('2026-01-10T10:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' })),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Actively monitored for usage limits' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Open WELCOME10 in the Shopify admin/ })).toHaveAttribute(
      'href',
      'https://admin.shopify.com/store/aurora-uk/discounts/1001',
    );
    expect(screen.getByLabelText('Page')).toHaveValue('1');
    expect(screen.getByText('of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('should jump to the last page, to a typed page, and back to the first, keeping the page in the address', async () => {
    const { router } = renderApp('/synced-codes?page=2', userAt('admin'));
    await screen.findByText('WELCOME10');
    expect(lists.at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.getByLabelText('Page')).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('page')).toBe('3'));
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Page'));
    await userEvent.type(screen.getByLabelText('Page'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('');
  });

  it("should call the type column by the filter's words: a gift with purchase is one", async () => {
    listAnswer = () =>
      Response.json({ codes: [aCode({ isBxgy: true, discountType: 'DiscountCodeBxgy', functionId: 'f1' })], total: 1 });
    renderApp('/synced-codes', userAt('admin'));
    const row = (await screen.findByText('WELCOME10')).closest('tr')!;
    expect(within(row).getByText('Gift with purchase')).toBeInTheDocument();
    expect(await optionsOf('Type')).toContain('Gift with purchase');
  });

  it('should search once typing pauses, from the first page', async () => {
    renderApp('/synced-codes', userAt('admin'));
    await screen.findByText('WELCOME10');
    await userEvent.type(screen.getByPlaceholderText('Search by code or discount title...'), 'WEL');
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('search')).toBe('WEL'));
    expect(lists.filter((u) => u.searchParams.get('search') === 'WE')).toEqual([]);
    expect(lists.at(-1)?.searchParams.get('page')).toBe('1');
    expect(lists.at(-1)?.searchParams.get('limit')).toBe('50');
  });

  it('should show the empty state, and a failed list with its reason and Retry', async () => {
    listAnswer = () => Response.json({ codes: [], total: 0 });
    const view = renderApp('/synced-codes', userAt('admin'));
    const empty = await screen.findByText(
      (_, node) => node?.textContent === 'No codes found. Try syncing codes from the Code Sync page.',
    );
    expect(within(empty).getByRole('link', { name: 'Code Sync page' })).toHaveAttribute('href', '/code-sync');
    view.unmount();
    listAnswer = () => Response.json({ message: 'limit must be at most 250.' }, { status: 400 });
    renderApp('/synced-codes', userAt('admin'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch synced codes')).toBeInTheDocument();
    expect(within(alert).getByText('limit must be at most 250.')).toBeInTheDocument();
    listAnswer = () => Response.json({ codes: [aCode()], total: 1 });
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('WELCOME10')).toBeInTheDocument();
  });
});

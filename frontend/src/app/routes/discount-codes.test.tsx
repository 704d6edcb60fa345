import type { HistoryPage, PermissionLevel } from '@dm/events/http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aCode, inStore } from '@/features/discount-codes/testing/code-fixtures';
import { codesServer } from '@/features/discount-codes/testing/codes-server';
import { aDeployment, aDiscountDetail, uid } from '@/features/discounts/testing/discount-fixtures';
import { formatDateTime } from '@/lib/dates';
import { renderApp, userAt } from '@/testing/render-app';

const codeHistory: HistoryPage = {
  items: [
    {
      position: 9,
      at: '2026-01-05T10:00:00.000Z',
      type: 'CodesAdded',
      streamId: `discount-codes-${uid(1)}`,
      entityKind: 'code',
      actor: { id: 'email:user@demo.test', email: 'user@demo.test', name: 'Uma User' },
      brandIds: [1],
      data: {},
      changes: [],
    },
    {
      position: 10,
      at: '2026-01-05T10:01:00.000Z',
      type: 'DiscountCodesPushed',
      streamId: `discount-codes-${uid(1)}`,
      entityKind: 'code',
      actor: { id: 'reactor:discount-codes-push', email: null, name: null },
      brandIds: [1],
      data: { storeId: 1, live: ['CODE-1'] },
      changes: [],
    },
  ],
  next: null,
};
let server: ReturnType<typeof codesServer>;
let detailAnswer: (() => Response) | null;

beforeEach(() => {
  resetToasts();
  detailAnswer = null;
  server = codesServer(uid(1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const answer = await server.fetch(url, init);
      if (answer) return answer;
      const path = url.split('?')[0] ?? url;
      if (path === '/api/history') return Response.json(codeHistory);
      if (path === `/api/discounts/${uid(1)}`)
        return (
          detailAnswer?.() ??
          Response.json(
            aDiscountDetail(1, {
              name: 'Summer Sale',
              description: 'Influencer codes for the summer',
              percentage: 15,
              deployments: [
                aDeployment(1),
                aDeployment(2, { status: 'failed', reason: 'Shopify said no', retryable: true }),
              ],
            }),
          )
        );
      return Response.json({ message: `unexpected ${init.method ?? 'GET'} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (level: PermissionLevel = 'user', search = '') => {
  const view = renderApp(`/discounts/${uid(1)}/codes${search}`, userAt(level));
  expect(await screen.findByRole('heading', { name: 'Summer Sale' }, { timeout: 5000 })).toBeInTheDocument();
  return view;
};
const codeCalls = () => server.state.calls.filter((c) => c.method === 'GET');

describe('The codes page', () => {
  // The file's first test also pays for compiling the route and dialog modules on first import.
  it('should show the discount, its stores, and each code with its store columns', async () => {
    server.state.storeIds = [1, 2, 3, 4, 5, 6];
    server.state.codes = [
      aCode(1, {
        code: 'ANNA10',
        influencerName: 'Anna',
        stores: [inStore(1), inStore(2, 'pending'), inStore(3, 'failed', 'Shopify is down'), inStore(5)],
      }),
    ];
    await open('admin');
    const header = screen.getByRole('region', { name: 'Discount' });
    expect(header).toHaveTextContent('Influencer codes for the summer');
    expect(header).toHaveTextContent('15%');
    expect(header).toHaveTextContent('Deployed to 1 store');
    expect(screen.getByRole('button', { name: 'Retry Aurora 2' })).toBeInTheDocument();
    expect(document.title).toBe('Summer Sale codes · Discount Manager');

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Code',
      'Influencer',
      'Created By',
      'Date Created',
      'C1',
      'C2',
      'C3',
      'C4',
      '(+2)',
      'Actions',
    ]);
    const row = within(table).getByText('ANNA10').closest('tr') as HTMLElement;
    expect(within(row).getByText(formatDateTime(new Date(2025, 0, 5, 14, 7)))).toBeInTheDocument();
    expect(within(row).getByText('Anna')).toBeInTheDocument();
    expect(within(row).getByText('Uma User')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'C1: live' })).toBeInTheDocument();
    expect(within(row).getByLabelText('C2: syncing')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'C3: failed: Shopify is down' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'C4: not in this store' })).toBeInTheDocument();
    expect(within(row).getByText('live in 1 of 2')).toBeInTheDocument();
  }, 15_000);

  it('should offer Import CSV, Export CSV and Generate Codes in its toolbar, to a user too', async () => {
    await open('user');
    expect(await screen.findByRole('button', { name: 'Import CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Generate Codes' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/discounts/${uid(1)}/codes/export`,
    );
  });

  it('should hide delete from a user, and Retry from a manager', async () => {
    server.state.codes = [aCode(1)];
    await open('manager');
    await screen.findByText('CODE-1');
    expect(screen.getByRole('button', { name: 'Delete CODE-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('should mark the seed code as the first code and offer no delete for it (decision 1390)', async () => {
    server.state.codes = [aCode(2), aCode(1, { code: 'K7QM-8XH3-PZ2W', firstCode: true })];
    await open('manager');
    const seed = (await screen.findByText('K7QM-8XH3-PZ2W')).closest('tr')!;
    expect(within(seed).getByText('First code')).toBeInTheDocument();
    expect(within(seed).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const other = screen.getByText('CODE-2').closest('tr')!;
    expect(within(other).queryByText('First code')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Delete CODE-2' })).toBeInTheDocument();
  });

  it("should open a code's history, asking for that code only", async () => {
    server.state.codes = [aCode(1)];
    await open('user');
    await userEvent.click(await screen.findByRole('button', { name: 'History of CODE-1' }));
    const sheet = await screen.findByRole('dialog', { name: 'History of CODE-1' });
    expect(await within(sheet).findByText('by Uma User (user@demo.test)')).toBeInTheDocument();
    // Each store's outcome is named after the store, as the page names it.
    expect(within(sheet).getByText(/Aurora 1/)).toBeInTheDocument();
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => url as string);
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([
      `/api/history?entity=code%3A${encodeURIComponent(aCode(1).id)}&limit=50`,
    ]);
  });

  it('should search on the server and say when nothing matches', async () => {
    server.state.codes = [aCode(1)];
    const { router } = await open();
    await screen.findByText('CODE-1');
    server.state.codes = [];
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search codes' }), 'anna');
    await waitFor(() => expect(codeCalls().at(-1)?.url).toContain('search=anna'));
    expect(router.state.location.search).toBe('?search=anna');
    expect(await screen.findByText('No codes found')).toBeInTheDocument();
    expect(screen.getByText(/Nothing matches "anna"/)).toBeInTheDocument();
  });

  it('should copy a code and show the check mark', async () => {
    server.state.codes = [aCode(1, { code: 'ANNA10' })];
    await open();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy ANNA10' }));
    expect(writeText).toHaveBeenCalledWith('ANNA10');
    expect(await screen.findByRole('button', { name: 'ANNA10 copied' })).toBeInTheDocument();
    expect(await screen.findByText('Code copied to clipboard')).toBeInTheDocument();
    // The check mark goes back to the copy icon after a real 2 s.
    expect(await screen.findByRole('button', { name: 'Copy ANNA10' }, { timeout: 4000 })).toBeInTheDocument();
  }, 15_000);

  it('should say when copying is not allowed', async () => {
    server.state.codes = [aCode(1, { code: 'ANNA10' })];
    await open();
    const writeText = vi.fn(async () => Promise.reject(new Error('Write permission denied.')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy ANNA10' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(screen.getByText('Write permission denied.')).toBeInTheDocument();
  });

  it('should show skeletons with Add Codes disabled while loading, then the empty state', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.once(`GET ${server.codesPath}`, () =>
      gate.then(() =>
        Response.json({
          data: [],
          availableStores: [{ id: 1, name: 'Aurora 1', countryCode: 'C1', urlSlug: 'a' }],
          total: 0,
          totalPages: 0,
        }),
      ),
    );
    await open();
    expect(screen.getByRole('status', { name: 'Loading codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Codes' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('No codes found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Codes' })).toBeEnabled();
  });

  it('should explain why codes cannot be added to a discount deployed nowhere', async () => {
    server.state.storeIds = [];
    await open();
    expect(await screen.findByRole('note')).toHaveTextContent('not deployed to any store');
    expect(screen.getByRole('button', { name: 'Add Codes' })).toHaveAttribute(
      'title',
      'The discount is not deployed to any store yet',
    );
    expect(screen.getByRole('button', { name: 'Add Codes' })).toBeDisabled();
  });

  it('should say an ended discount has ended, not that codes come once a store is live', async () => {
    server.state.storeIds = [];
    detailAnswer = () =>
      Response.json(
        aDiscountDetail(1, {
          name: 'Summer Sale',
          status: 'ended',
          endedAt: '2025-01-05T14:07:00.000Z',
          deployments: [aDeployment(1, { status: 'ended' })],
        }),
      );
    await open();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This discount ended on');
    expect(note).not.toHaveTextContent('once a store is live');
    expect(screen.getByText('This discount has ended: no codes can be added.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Codes' })).toHaveAttribute(
      'title',
      'This discount has ended: codes cannot be added to it',
    );
    expect(screen.getByRole('button', { name: 'Add Codes' })).toBeDisabled();
  });

  it('should page with Previous and Next', async () => {
    server.state.codes = [aCode(1)];
    server.state.total = 75;
    const { router } = await open();
    expect(await screen.findByText('Showing 1 - 50 of 75 codes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 - 75 of 75 codes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(codeCalls().at(-1)?.url).toContain('page=2');
  });

  it('should say once that a discount does not exist, with the way back, and no Retry', async () => {
    detailAnswer = () => Response.json({ message: 'This discount was not found.' }, { status: 404 });
    renderApp(`/discounts/${uid(1)}/codes`, userAt('user'));
    expect(await screen.findByRole('heading', { name: 'Discount not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discounts' })).toHaveAttribute('href', '/discounts');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('should say when the discount cannot be loaded, and load it again on Retry', async () => {
    detailAnswer = () => Response.json({ message: 'Discount not found' }, { status: 500 });
    renderApp(`/discounts/${uid(1)}/codes`, userAt('user'));
    const failure = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(failure).toHaveTextContent('Failed to fetch the discount');
    expect(failure).toHaveTextContent('The server could not answer (HTTP 500)');
    detailAnswer = null;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Summer Sale' })).toBeInTheDocument();
  });
});

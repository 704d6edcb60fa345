import type { CodeSyncStatus, StoreListItem } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { renderApp, userAt } from '@/testing/render-app';

const aStore = (id: number, name: string): StoreListItem => ({
  id,
  name,
  urlSlug: name.toLowerCase().replace(' ', '-'),
  shopifyDomain: `${name.toLowerCase().replace(' ', '-')}.myshopify.com`,
  brandId: 1,
  countryId: 1,
  isActive: true,
  connected: true,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  regionCode: 'EU',
  regionName: 'Europe',
});
const idle = (storeId: number, over: Partial<CodeSyncStatus> = {}): CodeSyncStatus => ({
  storeId,
  storeName: 'x',
  syncStatus: 'idle',
  lastSyncAt: null,
  totalCodesImported: 0,
  errorMessage: null,
  updatedAt: null,
  codesSynced: 0,
  codesExpected: null,
  syncKind: null,
  hasFullSync: false,
  ...over,
});

let stores: StoreListItem[];
let statuses: Map<number, () => Response>;
let posts: { url: string; body: unknown }[];
let triggerAnswer: () => Response;

beforeEach(() => {
  resetToasts();
  stores = [aStore(1, 'Aurora GB')];
  statuses = new Map([[1, () => Response.json(idle(1))]]);
  posts = [];
  triggerAnswer = () =>
    Response.json({ syncId: '11111111-1111-4111-8111-111111111111', resumed: false }, { status: 202 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/stores') return Response.json(stores);
      const status = /^\/api\/stores\/(\d+)\/code-sync\/status$/.exec(url);
      if (status) return statuses.get(Number(status[1]))!();
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(init.body as string) });
        return triggerAnswer();
      }
      return Response.json({ message: `unexpected ${url}` }, { status: 500 });
    }),
  );
});

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('[data-slot="card"]') as HTMLElement;

describe('When an admin opens Code Synchronization', () => {
  it('should show each store as never synced, then start a full sync and show it in progress at once', async () => {
    renderApp('/code-sync', userAt('admin'));
    expect(await screen.findByRole('status', { name: 'Loading stores' })).toBeInTheDocument();
    const store = await card('Aurora GB');
    expect(await within(store).findByText('Never')).toBeInTheDocument();
    expect(within(store).getByText('Empty')).toBeInTheDocument();
    // Its status is said once, in the badge, not again in a 'Status' line.
    expect(within(store).getAllByText('Ready')).toHaveLength(1);
    expect(within(store).queryByRole('button', { name: /Incremental Update/ })).not.toBeInTheDocument();
    await userEvent.click(within(store).getByRole('button', { name: /Full Sync/ }));
    expect(posts).toEqual([{ url: '/api/stores/1/code-sync/trigger', body: { incremental: false } }]);
    expect(await screen.findByText('Sync Started')).toBeInTheDocument();
    expect(within(store).getAllByText('Syncing').length).toBeGreaterThan(0);
    expect(within(store).getByRole('progressbar', { name: 'Sync progress' })).toBeInTheDocument();
  });

  it('should show real progress while syncing, codes so far of the expected total', async () => {
    statuses.set(1, () =>
      Response.json(
        idle(1, { syncStatus: 'syncing', updatedAt: new Date().toISOString(), codesSynced: 250, codesExpected: 1000 }),
      ),
    );
    renderApp('/code-sync', userAt('admin'));
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('250 of 1,000 codes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Full Sync/ })).toBeDisabled();
  });

  it('should offer Resume Sync instead of Full Sync on a stalled sync, and no incremental update', async () => {
    statuses.set(1, () =>
      Response.json(
        idle(1, {
          syncStatus: 'syncing',
          lastSyncAt: '2026-11-20T10:00:00.000Z',
          updatedAt: new Date(Date.now() - 6 * 60_000).toISOString(),
        }),
      ),
    );
    renderApp('/code-sync', userAt('admin'));
    expect(await screen.findByRole('button', { name: /Resume Sync/ })).toBeEnabled();
    expect(screen.getByText(/no update for more than 5 minutes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Full Sync/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Incremental Update/ })).not.toBeInTheDocument();
  });

  it('should list a failed sync’s error details, and offer an incremental update after a sync', async () => {
    statuses.set(1, () =>
      Response.json(
        idle(1, {
          syncStatus: 'failed',
          lastSyncAt: '2026-11-20T10:00:00.000Z',
          totalCodesImported: 12,
          errorMessage: 'Shopify unavailable | Bulk export was truncated',
        }),
      ),
    );
    renderApp('/code-sync', userAt('admin'));
    expect(await screen.findByText('Bulk export was truncated')).toBeInTheDocument();
    expect(screen.getByText('Shopify unavailable')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Incremental Update/ }));
    expect(posts[0]?.body).toEqual({ incremental: true });
  });

  it('should show a refused trigger as Sync Failed with the server’s reason, and a failed status as Error', async () => {
    triggerAnswer = () => Response.json({ message: 'Store Aurora GB is inactive.' }, { status: 409 });
    stores = [aStore(1, 'Aurora GB'), aStore(2, 'Aurora DE')];
    statuses.set(2, () => Response.json({ message: 'Store 2 was not found.' }, { status: 404 }));
    renderApp('/code-sync', userAt('admin'));
    const de = await card('Aurora DE');
    expect(await within(de).findByText('Store 2 was not found.')).toBeInTheDocument();
    expect(within(de).getAllByText('Error').length).toBeGreaterThan(0);
    await userEvent.click(within(await card('Aurora GB')).getByRole('button', { name: /Full Sync/ }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('Store Aurora GB is inactive.')).toBeInTheDocument();
  });

  it('should say when there are no stores', async () => {
    stores = [];
    renderApp('/code-sync', userAt('admin'));
    await waitFor(() => expect(screen.getByText('No Stores Available')).toBeInTheDocument());
  });
});

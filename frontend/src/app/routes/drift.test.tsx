import type {
  CodeSyncStatus,
  DiscountStoreDrift,
  DriftDifferences,
  PermissionLevel,
  StoreListItem,
} from '@dm/events/http';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { codesServer } from '@/features/discount-codes/testing/codes-server';
import { aDeployment, aDiscount, aDiscountDetail, aStore, uid } from '@/features/discounts/testing/discount-fixtures';
import { renderApp, userAt } from '@/testing/render-app';

type Call = { method: string; url: string };
let calls: Call[];
let reassertAnswer: () => Response;

const differences: DriftDifferences = {
  deleted: false,
  missingCodes: ['DRIFT-A'],
  missingCodeCount: 1,
  unexpectedCodes: ['SHOP-1', 'SHOP-2'],
  unexpectedCodeCount: 5,
  fields: [{ field: 'title', ours: 'Spring', shopify: 'Spring (edited)' }],
};
const drift: DiscountStoreDrift = {
  storeId: 2,
  storeName: 'Aurora 2',
  state: 'drifted',
  differences,
  detectedAt: '2026-11-24T10:00:00.000Z',
  reassert: null,
  accepted: { fields: {}, deleted: false, by: null, at: null },
};
const status = (over: Partial<CodeSyncStatus> = {}): CodeSyncStatus => ({
  storeId: 1,
  storeName: 'Aurora 1',
  syncStatus: 'idle',
  lastSyncAt: '2026-11-24T10:00:00.000Z',
  totalCodesImported: 12,
  errorMessage: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  codesSynced: 12,
  codesExpected: 12,
  syncKind: 'incremental',
  hasFullSync: true,
  ...over,
});
let storeStatus: CodeSyncStatus;
let codes: ReturnType<typeof codesServer>;
const stores: StoreListItem[] = [aStore(1)];

beforeEach(() => {
  calls = [];
  storeStatus = status();
  reassertAnswer = () => Response.json({ requestId: uid(77) }, { status: 202 });
  resetToasts();
  codes = codesServer(uid(1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const served = await codes.fetch(url, init);
      if (served) return served;
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      calls.push({ method, url });
      if (path === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (path === '/api/discounts') return Response.json({ data: [aDiscount(1)], total: 1, totalPages: 1 });
      if (path === `/api/discounts/${uid(1)}`)
        return Response.json(
          aDiscountDetail(1, { deployments: [aDeployment(1, { drift: null }), aDeployment(2, { drift: 'drifted' })] }),
        );
      if (path === `/api/discounts/${uid(1)}/drift`) return Response.json({ drift: [drift] });
      if (method === 'POST' && path.endsWith('/reassert')) return reassertAnswer();
      if (method === 'POST' && path.endsWith('/accept')) return new Response(null, { status: 204 });
      if (path === '/api/stores') return Response.json(stores);
      if (path === '/api/stores/1/code-sync/status') return Response.json(storeStatus);
      if (path === '/api/stores/1/drift')
        return Response.json({ drift: [{ ...drift, storeId: 1, discountId: uid(1), discountName: 'Spring' }] });
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const openDetail = async (level: PermissionLevel) => {
  renderApp(`/discounts?details=${uid(1)}`, userAt(level));
  return screen.findByRole('dialog', {}, { timeout: 15_000 });
};

describe('When a store of a discount drifted', () => {
  it('should show the Drift badge on that store only, with what differs', async () => {
    const panel = await openDetail('admin');
    const drifted = await within(panel).findByRole('listitem', { name: 'Aurora 2' });
    expect(within(drifted).getByText('Drift')).toBeInTheDocument();
    expect(within(within(panel).getByRole('listitem', { name: 'Aurora 1' })).queryByText('Drift')).toBeNull();
    const group = await within(drifted).findByRole('group', { name: 'Drift in Aurora 2' });
    expect(within(group).getByText('Missing in the store: DRIFT-A')).toBeInTheDocument();
    expect(within(group).getByText('Codes we never added: SHOP-1, SHOP-2 and 3 more')).toBeInTheDocument();
    expect(within(group).getByText('Title: ours “Spring”, Shopify’s “Spring (edited)”')).toBeInTheDocument();
  });

  it('should let an admin re-assert our version in that store, and say what happens next', async () => {
    const panel = await openDetail('admin');
    const group = await within(panel).findByRole('group', { name: 'Drift in Aurora 2' });
    await userEvent.click(within(group).getByRole('button', { name: 'Re-assert our version' }));
    expect(calls).toContainEqual({ method: 'POST', url: `/api/discounts/${uid(1)}/drift/2/reassert` });
    expect(await screen.findByText(/Putting our version back in Aurora 2/)).toBeInTheDocument();
  });

  it("should let an admin accept Shopify's version", async () => {
    const panel = await openDetail('admin');
    const group = await within(panel).findByRole('group', { name: 'Drift in Aurora 2' });
    await userEvent.click(within(group).getByRole('button', { name: 'Accept Shopify’s' }));
    expect(calls).toContainEqual({ method: 'POST', url: `/api/discounts/${uid(1)}/drift/2/accept` });
    expect(await screen.findByText('Aurora 2 keeps what Shopify holds')).toBeInTheDocument();
  });

  it("should show the server's refusal when a re-assertion is refused", async () => {
    reassertAnswer = () => Response.json({ message: 'Our version is being put back in store 2.' }, { status: 409 });
    const panel = await openDetail('admin');
    const group = await within(panel).findByRole('group', { name: 'Drift in Aurora 2' });
    await userEvent.click(within(group).getByRole('button', { name: 'Re-assert our version' }));
    expect(await screen.findByText('Our version is being put back in store 2.')).toBeInTheDocument();
  });

  it('should show a user the badge alone, without asking for the differences', async () => {
    const panel = await openDetail('user');
    const drifted = await within(panel).findByRole('listitem', { name: 'Aurora 2' });
    expect(within(drifted).getByText('Drift')).toBeInTheDocument();
    expect(within(drifted).queryByRole('group')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/drift'))).toBe(false);
  });
});

describe('When the store card counts drifted discounts', () => {
  const card = async () =>
    (await screen.findByRole('heading', { name: 'Aurora 1' })).closest('[data-slot="card"]') as HTMLElement;

  it('should show the Drift badge and which discounts differ, and how', async () => {
    storeStatus = status({ driftedDiscounts: 1 });
    renderApp('/code-sync', userAt('admin'));
    const store = await card();
    const section = await within(store).findByRole('region', { name: 'Drift' });
    expect(within(store).getByText('Drift')).toBeInTheDocument();
    expect(within(section).getByText('One of our discounts differs in this store')).toBeInTheDocument();
    expect(await within(section).findByText('Spring')).toBeInTheDocument();
    expect(within(section).getByText('Missing in the store: DRIFT-A')).toBeInTheDocument();
  });

  it('should show no badge and ask nothing when nothing differs', async () => {
    renderApp('/code-sync', userAt('admin'));
    const store = await card();
    expect(await within(store).findByText('Incremental Update')).toBeInTheDocument();
    expect(within(store).queryByText('Drift')).toBeNull();
    expect(calls.some((c) => c.url === '/api/stores/1/drift')).toBe(false);
  });
});

describe('When the codes page of a drifted discount opens', () => {
  it('should show the Drift badge in its header, naming the store', async () => {
    renderApp(`/discounts/${uid(1)}/codes`, userAt('user'));
    const header = await screen.findByRole('region', { name: 'Discount' }, { timeout: 15_000 });
    expect(within(header).getByText('Drift')).toBeInTheDocument();
    expect(header).toHaveTextContent('Aurora 2 differ from our discount');
  });
});

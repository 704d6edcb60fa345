import type { DiscountItem, PermissionLevel } from '@dm/events/http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aDeployment, aDiscount, aDiscountDetail, uid } from '@/features/discounts/testing/discount-fixtures';
import { renderApp, userAt } from '@/testing/render-app';
import { selectOption } from '@/testing/select-option';

type Call = { method: string; url: string };
let calls: Call[];
let discounts: DiscountItem[];
let brands: { id: number; name: string }[];
let listAnswer: (() => Response | Promise<Response>) | null;

beforeEach(() => {
  calls = [];
  brands = [{ id: 1, name: 'Aurora' }];
  listAnswer = null;
  resetToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      calls.push({ method, url });
      if (path === '/api/user/brands') return Response.json(brands);
      if (path === '/api/discounts') {
        const answer = listAnswer;
        listAnswer = null;
        if (answer) return answer();
        return Response.json({ data: discounts, total: discounts.length, totalPages: 1 });
      }
      if (path === `/api/discounts/${uid(1)}`)
        return Response.json(
          aDiscountDetail(1, {
            deployments: [
              aDeployment(1),
              aDeployment(2, { status: 'failed', reason: 'Shopify said no', retryable: true }),
            ],
          }),
        );
      if (method === 'POST' && path.endsWith('/retry')) return Response.json({ attempt: 2 }, { status: 202 });
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (level: PermissionLevel, path = '/discounts') => {
  const view = renderApp(path, userAt(level));
  // Hidden: with ?details= or ?id= a panel or dialog is modal and hides the page from the accessibility tree.
  expect(
    await screen.findByRole('heading', { name: 'Discounts', hidden: true }, { timeout: 5000 }),
  ).toBeInTheDocument();
  return view;
};
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
const listCalls = () => calls.filter((c) => c.url.startsWith('/api/discounts?') || c.url === '/api/discounts');

describe('The discount list', () => {
  it('should show each column as the spec writes it', async () => {
    discounts = [
      aDiscount(1, {
        name: 'Summer Sale',
        discountType: 'gwp',
        codeCount: 3,
        deployments: [1, 2, 3, 4, 5, 6].map((id) => aDeployment(id)),
      }),
    ];
    await open('user');
    const row = await rowOf('Summer Sale');
    expect(within(row).getByText('Aurora')).toBeInTheDocument();
    expect(within(row).getByText('Gift with purchase')).toBeInTheDocument();
    expect(within(row).getByText('Jan 05, 2025')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    for (const code of ['C1', 'C2', 'C3', 'C4']) expect(within(row).getByText(code)).toBeInTheDocument();
    expect(within(row).queryByText('C5')).not.toBeInTheDocument();
    expect(within(row).getByText('(+2)')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: /All stores: C1 \(deployed\).*C6 \(deployed\)/ }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Codes of Summer Sale' })).toHaveAttribute(
      'href',
      `/discounts/${uid(1)}/codes`,
    );
  });

  it('should mark a discount no store holds, and name pending and failed stores', async () => {
    discounts = [
      aDiscount(1, { name: 'Nowhere', deployments: [] }),
      aDiscount(2, {
        name: 'Half way',
        deployments: [
          aDeployment(1, { status: 'pending' }),
          aDeployment(2, { status: 'failed', reason: 'Rate limited' }),
        ],
      }),
    ];
    await open('user');
    expect(within(await rowOf('Nowhere')).getByText('Not Deployed')).toBeInTheDocument();
    const half = await rowOf('Half way');
    expect(within(half).getByLabelText('C1: deploying')).toBeInTheDocument();
    expect(within(half).getByRole('button', { name: 'C2: failed. Rate limited' })).toBeInTheDocument();
    expect(within(half).queryByText('Not Deployed')).not.toBeInTheDocument();
  });

  it('should hide New Discount and the brand selector from a user with one brand', async () => {
    discounts = [aDiscount(1)];
    await open('user');
    await rowOf('Discount 1');
    expect(screen.queryByRole('link', { name: /New Discount/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Brand')).not.toBeInTheDocument();
  });

  it('should offer New Discount to an admin and narrow by brand, type and whole local days', async () => {
    brands = [
      { id: 1, name: 'Aurora' },
      { id: 2, name: 'Borealis' },
    ];
    discounts = [aDiscount(1)];
    const { router } = await open('admin');
    expect(screen.getByRole('link', { name: /New Discount/ })).toHaveAttribute('href', '/discounts/create');
    await screen.findByLabelText('Brand');
    await selectOption('Brand', 'Borealis');
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain('brandId=2'));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByLabelText('Type');
    await selectOption('Type', 'Fixed amount');
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain('type=fixed_amount'));
    await userEvent.type(screen.getByLabelText('Date To'), '2025-01-05');
    const to = encodeURIComponent(new Date(2025, 0, 5, 23, 59, 59, 999).toISOString());
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain(`dateTo=${to}`));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    // Back to the first, unfiltered list (already in the cache: no new call).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Date To')).toHaveValue('');
  });

  it('should show skeleton rows while loading, then the empty state', async () => {
    discounts = [];
    // The answer waits on a gate opened below, however late the screen asks for it.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    listAnswer = () => gate.then(() => Response.json({ data: [], total: 0, totalPages: 0 }));
    await open('user');
    expect(screen.getByRole('status', { name: 'Loading discounts' })).toBeInTheDocument();
    expect(screen.queryByText('No discounts found')).not.toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('No discounts found')).toBeInTheDocument();
    expect(document.title).toBe('Discounts · Discount Manager');
  });

  it('should offer a way out of an empty list: clear the filters, or create the first discount', async () => {
    discounts = [];
    await open('admin', '/discounts?search=nothing-like-this');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('link', { name: 'Create the first discount' })).toHaveAttribute(
      'href',
      '/discounts/create',
    );
    expect(screen.getByLabelText('Search discounts')).toHaveValue('');
  });

  it('should tell a user who cannot create discounts where they come from', async () => {
    discounts = [];
    await open('user');
    expect(await screen.findByText('Discounts appear here once an admin creates one for your brands.')).toBeVisible();
  });

  it('should say what failed, and load again on Retry', async () => {
    discounts = [aDiscount(1)];
    listAnswer = () => new Response(null, { status: 503 });
    await open('user');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch discounts');
    expect(failure).toHaveTextContent('The server could not answer (HTTP 503).');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Discount 1')).toBeInTheDocument();
  });

  it('should page through with Showing a - b of total', async () => {
    discounts = [aDiscount(1)];
    listAnswer = () => Response.json({ data: discounts, total: 120, totalPages: 3 });
    await open('user');
    expect(await screen.findByText('Showing 1 - 50 of 120 discounts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    listAnswer = () => Response.json({ data: discounts, total: 120, totalPages: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 - 100 of 120 discounts')).toBeInTheDocument();
    expect(listCalls().at(-1)?.url).toContain('page=2');
  });
});

describe('The detail panel', () => {
  it('should open from ?details=, show each store, and let an admin retry a failed one', async () => {
    discounts = [aDiscount(1)];
    await open('admin', `/discounts?details=${uid(1)}`);
    const panel = await screen.findByRole('dialog');
    const failed = await within(panel).findByRole('listitem', { name: 'Aurora 2' });
    expect(within(failed).getByText('Shopify said no')).toBeInTheDocument();
    expect(within(within(panel).getByRole('listitem', { name: 'Aurora 1' })).getByText('Deployed')).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry Aurora 2' }));
    expect(await screen.findByText('Deploying again to Aurora 2')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: `/api/discounts/${uid(1)}/deployments/2/retry` });
  });

  it('should not offer Retry or End to a user', async () => {
    discounts = [aDiscount(1)];
    await open('user', `/discounts?details=${uid(1)}`);
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('listitem', { name: 'Aurora 2' });
    expect(within(panel).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'End discount' })).not.toBeInTheDocument();
  });
});

import type { DiscountDetail } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aDeployment, aDiscount, aDiscountDetail, uid } from '@/features/discounts/testing/discount-fixtures';
import { renderApp, userAt } from '@/testing/render-app';

// The detail panel of /discounts?details=: what an ended discount and a failed store offer (issue 25).
let detail: DiscountDetail;

beforeEach(() => {
  resetToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      if (path === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (path === '/api/discounts') return Response.json({ data: [aDiscount(1)], total: 1, totalPages: 1 });
      if (path === `/api/discounts/${uid(1)}`) return Response.json(detail);
      if (path === `/api/discounts/${uid(9)}`) return Response.json({ message: 'Discount not found' }, { status: 404 });
      return Response.json({ message: `unexpected ${init.method ?? 'GET'} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const openPanel = async () => {
  renderApp(`/discounts?details=${uid(1)}`, userAt('admin'));
  return screen.findByRole('dialog', {}, { timeout: 5000 });
};
const store = (panel: HTMLElement, name: string) => within(panel).findByRole('listitem', { name });

describe('A failed store in the discount panel', () => {
  it('should say what fixes it, and offer Retry only where a retry can succeed', async () => {
    detail = aDiscountDetail(1, {
      deployments: [
        aDeployment(1, { status: 'failed', reason: 'Shopify is throttled', retryable: true }),
        aDeployment(2, {
          status: 'failed',
          reason: 'Store Aurora 2 has no equivalent of product "Canyon Jacket"',
          retryable: false,
        }),
        aDeployment(3, { status: 'failed', reason: 'Discount title must be unique', retryable: false }),
      ],
    });
    const panel = await openPanel();
    const throttled = await store(panel, 'Aurora 1');
    expect(within(throttled).getByRole('button', { name: 'Retry Aurora 1' })).toBeInTheDocument();

    const missing = await store(panel, 'Aurora 2');
    expect(within(missing).getByText('Store Aurora 2 has no equivalent of product "Canyon Jacket"')).toBeVisible();
    expect(within(missing).getByRole('link', { name: 'Find “Canyon Jacket” in Products' })).toHaveAttribute(
      'href',
      '/product-management?brandId=1&tab=products&search=Canyon+Jacket',
    );

    const refused = await store(panel, 'Aurora 3');
    expect(within(refused).getByText('Discount title must be unique')).toBeVisible();
    expect(within(refused).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(refused).getByText(/Retrying would fail the same way/)).toBeInTheDocument();
  });
});

describe('An ended discount in the panel', () => {
  it('should read as ended, offer no Retry, and turn its stores Ended without a reload', async () => {
    const endedAt = '2025-01-06T09:30:00.000Z';
    detail = aDiscountDetail(1, {
      status: 'ended',
      endedAt,
      deployments: [
        aDeployment(1),
        aDeployment(2, { status: 'failed', reason: 'Shopify is throttled', retryable: true }),
      ],
    });
    const panel = await openPanel();
    const live = await store(panel, 'Aurora 1');
    expect(within(live).getByText('Ending')).toBeInTheDocument();
    expect(within(live).queryByText('Deployed')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'End discount' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/ended early on/)).toBeInTheDocument();
    expect(within(panel).queryByText(/no end date/)).not.toBeInTheDocument();

    // The reactor deactivates it; the panel asks again every 2 s while a store is on its way out.
    detail = { ...detail, deployments: [aDeployment(1, { status: 'ended' }), detail.deployments[1]!] };
    await waitFor(() => expect(within(live).getByText('Ended')).toBeInTheDocument(), { timeout: 6000 });
  }, 10_000);
});

describe('A panel link to a discount that does not exist', () => {
  // The walk (issue 25) found "Loading the discount" over "Failed to fetch the discount" and a Retry that cannot help.
  it('should say so once, with the way back and no Retry', async () => {
    const { router } = renderApp(`/discounts?details=${uid(9)}`, userAt('admin'));
    const panel = await screen.findByRole('dialog', { name: 'Discount not found' }, { timeout: 5000 });
    expect(within(panel).queryByText(/Failed to fetch/)).toBeNull();
    expect(within(panel).queryByText('Loading the discount')).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Retry/ })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Back to Discounts' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('should treat an address that is no discount id the same way', async () => {
    renderApp('/discounts?details=not-an-id', userAt('admin'));
    expect(await screen.findByRole('dialog', { name: 'Discount not found' }, { timeout: 5000 })).toBeVisible();
  });
});

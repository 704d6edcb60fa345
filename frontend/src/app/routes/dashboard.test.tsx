import type { PermissionLevel } from '@dm/events/http';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDiscount, uid } from '@/features/discounts/testing/discount-fixtures';
import { aUser, renderApp } from '@/testing/render-app';

let discounts: ReturnType<typeof aDiscount>[];
let statsStatus: number;

beforeEach(() => {
  statsStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? url;
      if (path === '/api/user/brands')
        return Response.json([
          { id: 1, name: 'Aurora' },
          { id: 2, name: 'Borealis' },
        ]);
      if (path === '/api/discounts') return Response.json({ data: discounts, total: 57, totalPages: 2 });
      if (path === '/api/discounts/stats')
        return statsStatus === 200
          ? Response.json({ totalDiscounts: 57, totalCodes: 1234, activeDiscounts: 41 })
          : new Response(null, { status: statsStatus });
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (level: PermissionLevel) => {
  renderApp('/', aUser({ permissionLevel: level, firstName: 'Ada', lastName: 'Lovelace' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
};
const cardOf = (title: string) => screen.getByText(title).closest('[data-slot="card"]') as HTMLElement;

describe('The dashboard', () => {
  it('should show who is signed in and the four numbers from the server', async () => {
    discounts = [aDiscount(1)];
    await open('admin');
    expect(await screen.findByText('Brands: Aurora, Borealis')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
    expect(await within(cardOf('Total Discounts')).findByText('57')).toBeInTheDocument();
    // Ended, expired and scheduled discounts are not active campaigns.
    expect(within(cardOf('Total Discounts')).getByText('41 active campaigns')).toBeInTheDocument();
    expect(await within(cardOf('Total Codes')).findByText('1234')).toBeInTheDocument();
    expect(within(cardOf('Your Access')).getByText('2')).toBeInTheDocument();
    expect(within(cardOf('Your Access')).getByText('Brands you work in')).toBeInTheDocument();
    expect(within(cardOf('Permission Level')).getByText('Admin')).toBeInTheDocument();
  });

  it('should list the five newest with their badges and Manage links', async () => {
    discounts = [1, 2, 3, 4, 5, 6].map((n) =>
      aDiscount(n, { discountType: n === 1 ? 'gwp' : 'multi', description: n === 2 ? 'Half off' : null }),
    );
    await open('manager');
    const recent = await screen.findByRole('list', { name: 'Recent discounts' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('Gift with purchase')).toBeInTheDocument();
    expect(within(recent).getByText('Half off')).toBeInTheDocument();
    expect(within(recent).getAllByText('No description')).toHaveLength(4);
    expect(within(recent).getByRole('link', { name: 'Manage Discount 1' })).toHaveAttribute(
      'href',
      `/discounts?id=${uid(1)}`,
    );
    expect(screen.queryByRole('link', { name: /Sync from Shopify/ })).not.toBeInTheDocument();
  });

  it('should offer a manager only the quick actions they can use: no Create Discount', async () => {
    discounts = [];
    await open('manager');
    const actions = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/discounts']);
    expect(within(actions).queryByText('Create Discount')).not.toBeInTheDocument();
  });

  it('should offer an admin to create the first discount', async () => {
    discounts = [];
    await open('admin');
    expect(await screen.findByText('No discounts created yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Discount' })).toHaveAttribute(
      'href',
      '/discounts/create',
    );
  });

  it('should ask before logging out', async () => {
    discounts = [];
    await open('manager');
    // One Sign out on the page: the navigation's (the dashboard no longer repeats it).
    const signOuts = await screen.findAllByRole('button', { name: 'Sign out' });
    expect(signOuts).toHaveLength(1);
    await userEvent.click(signOuts[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(within(dialog).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/api/logout');
  });

  it('should say when the code count could not be loaded, and retry it', async () => {
    discounts = [];
    statsStatus = 503;
    await open('manager');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch the code count');
    statsStatus = 200;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(cardOf('Total Codes')).findByText('1234')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aCollection, aDiscount, aProduct, aStore } from '@/features/discounts/testing/discount-fixtures';
import { renderApp, userAt } from '@/testing/render-app';
import { selectOption } from '@/testing/select-option';

// The wizard keeps its step in the address and its draft in the tab, and says so before leaving (issue 25).
beforeEach(() => {
  resetToasts();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      if (path === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (path === '/api/stores') return Response.json([aStore(1), aStore(2)]);
      if (path === '/api/products/all') return Response.json([aProduct(1)]);
      if (path === '/api/collections/available') return Response.json([aCollection(1)]);
      if (path === '/api/discounts') return Response.json({ data: [aDiscount(1)], total: 1, totalPages: 1 });
      return Response.json({ message: `unexpected ${init.method ?? 'GET'} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (path = '/discounts/create') => {
  const view = renderApp(path, userAt('admin'));
  expect(await screen.findByRole('heading', { name: 'Create discount' }, { timeout: 5000 })).toBeInTheDocument();
  return view;
};
const basics = async (name: string) => {
  await screen.findByText('Step 1: Basics');
  await selectOption('Brand', 'Aurora');
  await userEvent.type(screen.getByLabelText('Discount Name'), name);
  await userEvent.click(screen.getByLabelText(/Multi-discount/));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Step 3: Config')).toBeInTheDocument();
};

describe('The create wizard', () => {
  it('should keep the step in the address, follow Back and Forward, and reopen a finished step by its header', async () => {
    const { router } = await open();
    await basics('Spring Sale');
    expect(router.state.location.search).toBe('?step=3');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Step 1: Basics')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount Name')).toHaveValue('Spring Sale');
    await act(() => router.navigate(1));
    expect(await screen.findByText('Step 3: Config')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Steps' })).getByRole('button', { name: '1. Basics' }),
    );
    expect(await screen.findByText('Step 1: Basics')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('5. Review')).toBeInTheDocument();
  });

  it('should keep the draft across a reload until it is discarded', async () => {
    const first = await open();
    await basics('Spring Sale');
    first.unmount();
    await open('/discounts/create?step=3');
    expect(await screen.findByText('Step 3: Config')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Steps' })).getByRole('button', { name: '1. Basics' }),
    );
    expect(screen.getByLabelText('Discount Name')).toHaveValue('Spring Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Discard Draft' }));
    expect(screen.getByLabelText('Discount Name')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('should not open a step never reached from the address', async () => {
    await open('/discounts/create?step=4');
    expect(await screen.findByText('Step 1: Basics')).toBeInTheDocument();
  });

  it('should ask before leaving with input, and leave when told to', async () => {
    const { router } = await open();
    await screen.findByText('Step 1: Basics');
    await userEvent.type(screen.getByLabelText('Discount Name'), 'Spring Sale');
    await userEvent.click(screen.getByRole('link', { name: 'Back to discounts' }));
    const question = await screen.findByRole('dialog', { name: 'Leave the new discount?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/discounts/create');
    await userEvent.click(screen.getByRole('link', { name: 'Back to discounts' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave the new discount?' })).getByRole('button', {
        name: 'Keep Draft and Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/discounts'));
  });

  it('should warn about another discount of the brand with the same name', async () => {
    await open();
    await screen.findByText('Step 1: Basics');
    await selectOption('Brand', 'Aurora');
    await userEvent.type(screen.getByLabelText('Discount Name'), 'discount 1');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Aurora already has a discount named “discount 1” (created Jan 05, 2025 by Ada Admin).',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aCollection, aDiscount, aProduct, aStore, uid } from '@/features/discounts/testing/discount-fixtures';
import { renderApp, userAt } from '@/testing/render-app';
import { selectOption } from '@/testing/select-option';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let createAnswer: () => Response;

beforeEach(() => {
  calls = [];
  resetToasts();
  sessionStorage.clear();
  createAnswer = () => Response.json({ id: uid(1), seedCode: 'SUMMER-SALE', storeIds: [1] }, { status: 201 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (path === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (path === '/api/stores') return Response.json([aStore(1), aStore(2), aStore(3, { isActive: false })]);
      if (path === '/api/products/all')
        return Response.json([
          aProduct(1, { linkedProductIds: [uid(104)] }),
          aProduct(4, { storeId: 2, storeName: 'Aurora 2', linkedProductIds: [uid(101)] }),
          aProduct(2),
          aProduct(3, { isAvailableForDiscount: false }),
        ]);
      if (path === '/api/collections/available') return Response.json([aCollection(1)]);
      if (path === '/api/admin/discounts') return createAnswer();
      if (path === '/api/discounts') return Response.json({ data: [aDiscount(1)], total: 1, totalPages: 1 });
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (path = '/discounts/create') => {
  const view = renderApp(path, userAt('admin'));
  // The first visit loads the wizard's chunk (react-hook-form, the resolver): slower than one default wait.
  expect(await screen.findByRole('heading', { name: 'Create discount' }, { timeout: 5000 })).toBeInTheDocument();
  return view;
};
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepTitle = (n: number, name: string) => screen.findByText(`Step ${n}: ${name}`);
const basics = async (type: 'Multi-discount' | 'Gift with purchase', name = 'Summer Sale') => {
  await screen.findByText('Step 1: Basics');
  await waitFor(() => expect(calls.some((c) => c.url === '/api/user/brands')).toBe(true));
  await selectOption('Brand', 'Aurora');
  await userEvent.type(screen.getByLabelText('Discount Name'), name);
  await userEvent.click(screen.getByLabelText(new RegExp(type)));
  await next();
};
/** What the wizard asked to change: the review step's preview (a POST that changes nothing) is not one. */
const creates = () => calls.filter((c) => c.method === 'POST' && c.url !== '/api/admin/discounts/preview');

// Each case walks several steps with typed input: on a shared 2-core machine that outgrows vitest's 5 s.
describe('The wizard', { timeout: 30_000 }, () => {
  it('should mark every field of step 1 with the spec words, and send nothing', async () => {
    await open();
    await next();
    expect(await screen.findByText('Please select a brand')).toBeInTheDocument();
    expect(screen.getByText('Discount name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a discount type')).toBeInTheDocument();
    expect(screen.getByText('Step 1: Basics')).toBeInTheDocument();
    expect(creates()).toEqual([]);
  });

  it('should skip Products for a multi discount and come back from Config to Basics', async () => {
    await open('/create-discount');
    await basics('Multi-discount');
    expect(await stepTitle(3, 'Config')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepTitle(1, 'Basics')).toBeInTheDocument();
  });

  it('should start with one collection rule at 10 %, add and remove rules, and check each', async () => {
    await open();
    await basics('Multi-discount');
    await stepTitle(3, 'Config');
    expect(screen.getByLabelText('Target Type')).toHaveTextContent('Collection');
    // Not 'Discount Type': step 1 uses that name for multi-discount or gift with purchase.
    expect(screen.getByLabelText('Percentage or amount')).toHaveTextContent('Percentage');
    expect(screen.queryByLabelText(/discount type/i)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Discount Value')).toHaveValue('10');
    expect(screen.queryByRole('button', { name: /Remove Rule/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
    expect(screen.getAllByLabelText('Discount Value')).toHaveLength(2);
    const values = screen.getAllByLabelText('Discount Value');
    await userEvent.clear(values[1]!);
    await userEvent.type(values[1]!, '150');
    await next();
    expect(await screen.findAllByText('Choose what the rule applies to')).toHaveLength(2);
    expect(screen.getByText('A percentage is at most 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rule 2' }));
    expect(screen.getAllByLabelText('Discount Value')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove Rule/ })).not.toBeInTheDocument();
  });

  it('should create a gift with purchase picked from product groups, after the confirmation', async () => {
    const { router } = await open();
    await basics('Gift with purchase');
    await stepTitle(2, 'Products');
    await next();
    await stepTitle(3, 'Config');
    await next();
    expect(await screen.findByText('Select at least one trigger product')).toBeInTheDocument();
    expect(screen.getByText('Select at least one gift product')).toBeInTheDocument();

    const [trigger, gift] = screen.getAllByRole('button', { name: /Browse/ });
    await userEvent.click(trigger!);
    const dialog = await screen.findByRole('dialog');
    // Products 1 and 4 are one group (linked across stores); product 3 is not available for discount.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(dialog).queryByText('Product 3')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('searchbox'), 'aur-1');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done (1 selected)' }));
    await userEvent.click(gift!);
    const giftDialog = await screen.findByRole('dialog');
    await userEvent.click(within(giftDialog).getByText('Product 2'));
    await userEvent.click(within(giftDialog).getByRole('button', { name: 'Done (1 selected)' }));
    await next();

    await stepTitle(4, 'Conditions');
    expect(screen.queryByLabelText(/Aurora 3/)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Aurora 1/ }));
    expect(screen.getByRole('checkbox', { name: 'Order discounts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shipping discounts' })).not.toBeChecked();
    await next();

    await stepTitle(5, 'Review');
    expect(screen.getByText(/The quantity triggers the gift: buying 1 item from Product 1/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Discount' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Discount Creation' });
    // The first code is random (issue 25): neither step says it is made from the name.
    expect(screen.getByText(/with its first code, made at random/)).toBeInTheDocument();
    expect(within(confirm).getByText(/Its first code is made at random\./)).toBeInTheDocument();
    expect(screen.queryAllByText(/seed code|from (its|the) name/i)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, Create Discount' }));

    expect(await screen.findByText('Discount Created', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discounts'));
    expect(creates()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/discounts',
        body: expect.objectContaining({
          name: 'Summer Sale',
          discountType: 'gwp',
          brandId: 1,
          storeIds: [1],
          codes: [],
          productScope: { type: 'all', productIds: [], collectionIds: [] },
          multiConfig: null,
          gwpConfig: expect.objectContaining({
            requiredType: 'product',
            triggerProducts: [uid(101)],
            giftProducts: [uid(102)],
            triggerQuantity: 1,
            giftQuantity: 1,
            minimumCartValue: null,
          }),
        }),
      },
    ]);
  });

  it("should show the server's refusal of a rule at that rule, on its step, without a toast", async () => {
    createAnswer = () =>
      Response.json(
        { message: 'Invalid body: multiConfig.discounts.0.amount: Too generous for this brand.' },
        { status: 400 },
      );
    await open();
    await basics('Multi-discount');
    await stepTitle(3, 'Config');
    await userEvent.click(screen.getByLabelText('Collection'));
    await userEvent.click(await screen.findByRole('option', { name: /Collection 1/ }));
    await next();
    await stepTitle(4, 'Conditions');
    await next();
    await stepTitle(5, 'Review');
    await userEvent.click(screen.getByRole('button', { name: 'Create Discount' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Create Discount' }));
    expect(await stepTitle(3, 'Config')).toBeInTheDocument();
    expect(await screen.findByText('Too generous for this brand.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount Value')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status', { name: /Notification/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('should put a name whose every code is taken back at the name, on step 1', async () => {
    createAnswer = () =>
      Response.json(
        { message: 'Every code made from the name "Summer Sale" is taken. Choose another name.' },
        { status: 409 },
      );
    await open();
    await basics('Multi-discount');
    await userEvent.click(await screen.findByLabelText('Collection'));
    await userEvent.click(await screen.findByRole('option', { name: /Collection 1/ }));
    await next();
    await stepTitle(4, 'Conditions');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Discount' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Create Discount' }));
    expect(await stepTitle(1, 'Basics')).toBeInTheDocument();
    expect(await screen.findByText(/is taken\. Choose another name\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Discount Name')).toHaveFocus());
  });

  it('should split a failure into title and description on its first line break', async () => {
    createAnswer = () =>
      Response.json({ message: 'Seed code unavailable\nEvery suffix of SUMMER-SALE is taken.' }, { status: 409 });
    await open();
    await basics('Multi-discount');
    await userEvent.click(await screen.findByLabelText('Collection'));
    await userEvent.click(await screen.findByRole('option', { name: /Collection 1/ }));
    await next();
    await stepTitle(4, 'Conditions');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Discount' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Create Discount' }));
    expect(await screen.findByText('Seed code unavailable')).toBeInTheDocument();
    expect(screen.getByText('Every suffix of SUMMER-SALE is taken.')).toBeInTheDocument();
  });
});

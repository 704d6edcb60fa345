import type { PermissionLevel } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { aCode, inStore } from '@/features/discount-codes/testing/code-fixtures';
import { addedAnswer, allAvailable, codesServer } from '@/features/discount-codes/testing/codes-server';
import { aDiscount, aDiscountDetail, uid } from '@/features/discounts/testing/discount-fixtures';
import { formatDateTime } from '@/lib/dates';
import { renderApp, userAt } from '@/testing/render-app';

let server: ReturnType<typeof codesServer>;

beforeEach(() => {
  resetToasts();
  server = codesServer(uid(1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const answer = await server.fetch(url, init);
      if (answer) return answer;
      const path = url.split('?')[0] ?? url;
      if (path === '/api/user/brands') return Response.json([{ id: 1, name: 'Aurora' }]);
      if (path === '/api/discounts') return Response.json({ data: [aDiscount(1)], total: 1, totalPages: 1 });
      if (path === `/api/discounts/${uid(1)}`) return Response.json(aDiscountDetail(1, { name: 'Summer Sale' }));
      return Response.json({ message: `unexpected ${init.method ?? 'GET'} ${url}` }, { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const openDialog = async (level: PermissionLevel = 'user') => {
  const view = renderApp(`/discounts?id=${uid(1)}`, userAt(level));
  const dialog = await screen.findByRole('dialog', { name: /Summer Sale codes/ }, { timeout: 5000 });
  return { ...view, dialog };
};
const openAdd = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Check Code Availability' }));
  return screen.findByRole('dialog', { name: 'Add Codes' });
};
const toast = (title: string) => screen.findByText(title, { selector: '[data-slot="toast-title"]' });
const calls = (method: string, suffix = '') =>
  server.state.calls.filter((c) => c.method === method && c.url.split('?')[0] === `${server.codesPath}${suffix}`);

describe('The codes dialog of the list', () => {
  // The file's first test also pays for compiling the route and dialog modules on first import.
  it('should open from the row, with the total, each entry, and no delete for a user', async () => {
    server.state.codes = [
      aCode(1, { code: 'ANNA10', influencerName: 'Anna', stores: [inStore(1), inStore(2, 'pending')] }),
      aCode(2, { createdByUser: { name: null, email: null } }),
    ];
    server.state.total = 120;
    const { router } = renderApp('/discounts', userAt('user'));
    await userEvent.click(await screen.findByRole('link', { name: 'Manage Codes of Discount 1' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Summer Sale codes (120)' }, { timeout: 5000 });
    expect(router.state.location.search).toBe(`?id=${uid(1)}`);
    // The seed code is listed and counted with the others (decision 1390); the dialog names it.
    expect(dialog).toHaveTextContent('The first code, SUMMER-SALE, was made with the discount');
    const anna = within(dialog).getByRole('listitem', { name: 'ANNA10' });
    expect(anna).toHaveTextContent(`${formatDateTime(new Date(2025, 0, 5, 14, 7))} by Uma User · Influencer: Anna`);
    expect(within(anna).getByLabelText('C1: live')).toBeInTheDocument();
    expect(within(anna).getByLabelText('C2: syncing')).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem', { name: 'CODE-2' })).toHaveTextContent('by Unknown');
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Showing 1 - 50 of 120 codes')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls('GET').at(-1)?.url).toContain('page=2'));
  }, 15_000);

  it('should say when the discount is not deployed, and offer no adding', async () => {
    server.state.storeIds = [];
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole('note')).toHaveTextContent('not deployed to any store');
    expect(within(dialog).getByRole('button', { name: 'Cannot Add Codes' })).toBeDisabled();
  });

  it('should let a manager delete a code after confirming', async () => {
    server.state.codes = [aCode(1, { code: 'ANNA10' })];
    const { dialog } = await openDialog('manager');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete ANNA10' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await toast('Code removed successfully')).toBeInTheDocument();
    expect(server.state.calls).toContainEqual({ method: 'DELETE', url: `/api/codes/${aCode(1).id}`, body: undefined });
  });

  it('should show the load failure with Retry', async () => {
    server.once(`GET ${server.codesPath}`, () => new Response(null, { status: 503 }));
    const { dialog } = await openDialog();
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch codes');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No codes yet.')).toBeInTheDocument();
  });
});

describe('Adding codes', () => {
  it('should mark empty fields, say so, and send nothing', async () => {
    await openDialog();
    const add = await openAdd();
    // Every deployed store is chosen when the dialog opens.
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 1/ })).toBeChecked());
    await userEvent.click(within(add).getByRole('checkbox', { name: /Aurora 1/ }));
    await userEvent.click(within(add).getByRole('checkbox', { name: /Aurora 2/ }));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    expect(await within(add).findByText('At least one code is required')).toBeInTheDocument();
    expect(within(add).getByText('Select at least one store')).toBeInTheDocument();
    expect(await toast('Please enter codes and select stores')).toBeInTheDocument();
    expect(calls('POST', '/check-availability')).toHaveLength(0);
  });

  it('should name a code Shopify would refuse, at the field', async () => {
    await openDialog();
    const add = await openAdd();
    await userEvent.type(within(add).getByLabelText('Codes'), 'GOOD, BAD CODE');
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    expect(await within(add).findByText(/code "BAD CODE"/)).toBeInTheDocument();
    expect(calls('POST', '/check-availability')).toHaveLength(0);
  });

  it('should check, create, show each store syncing then live, and close', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10, BEN10, anna10');
    await userEvent.type(within(add).getByLabelText('Influencer (optional)'), 'Anna');
    server.checkAnswers(allAvailable(['ANNA10', 'BEN10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    expect(await within(add).findByText('All 2 codes are available in C1 and C2.')).toBeInTheDocument();
    expect(calls('POST', '/check-availability')[0]?.body).toEqual({ codes: ['ANNA10', 'BEN10'], stores: [1, 2] });

    const added = [aCode(11, { code: 'ANNA10' }), aCode(12, { code: 'BEN10' })];
    server.addAnswers(addedAnswer(added, [1, 2], { duplicatesSkipped: 1 }));
    // Right after the add the codes are still on their way to store 2.
    server.state.codes = added.map((c) => ({ ...c, stores: [inStore(1), inStore(2, 'pending')] }));
    await userEvent.click(within(add).getByRole('button', { name: 'Create Codes' }));
    expect(calls('POST')[0]?.body).toEqual({ codes: ['ANNA10', 'BEN10'], stores: [1, 2], influencerName: 'Anna' });
    expect(await toast('Codes added successfully')).toBeInTheDocument();
    expect(screen.getByText('2 codes added, 1 duplicate skipped to C1 and C2; syncing to Shopify')).toBeInTheDocument();
    const stores = within(add).getByRole('list', { name: 'Stores' });
    expect(await within(stores).findByText('Syncing...')).toBeInTheDocument();
    expect(
      within(within(stores).getByRole('listitem', { name: 'Aurora 1' })).getByText('Live in Shopify'),
    ).toBeInTheDocument();

    // The store's state is asked again every 2 s: the test waits for one real poll.
    server.state.codes = added.map((c) => ({ ...c, stores: [inStore(1), inStore(2)] }));
    expect(
      await within(within(stores).getByRole('listitem', { name: 'Aurora 2' })).findByText(
        'Live in Shopify',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(await toast('Codes created and synced to Shopify')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Codes' })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  }, 15_000);

  it('should show a store that refused a code as failed, and stay open', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    server.checkAnswers(allAvailable(['ANNA10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    const added = aCode(11, { code: 'ANNA10', stores: [inStore(1), inStore(2, 'conflict', 'Code must be unique')] });
    server.addAnswers(addedAnswer([added], [1, 2]));
    server.state.codes = [added];
    await userEvent.click(await within(add).findByRole('button', { name: 'Create Codes' }));
    const store2 = await within(add).findByRole('listitem', { name: 'Aurora 2' });
    expect(await within(store2).findByText('Failed: ANNA10: already exists in Shopify')).toBeInTheDocument();
    expect(await toast('Failed to create codes')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Codes' })).toBeInTheDocument();
  });

  it('should show the conflicts and add to the free stores only', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'TAKEN, FREE');
    server.checkAnswers({
      canCreate: false,
      results: [],
      unchecked: [],
      conflicts: [{ code: 'TAKEN', conflicts: [{ storeId: 2, storeName: 'Aurora 2', takenBy: 'Winter Sale' }] }],
    });
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    const conflicts = await screen.findByRole('dialog', { name: 'Code Conflicts Detected' });
    expect(within(conflicts).getByText('Taken in Aurora 2: used by the discount “Winter Sale”')).toBeInTheDocument();
    expect(within(conflicts).getByRole('checkbox', { name: /Aurora 2/ })).toBeDisabled();
    expect(within(conflicts).getByRole('checkbox', { name: /Aurora 1/ })).toBeChecked();
    server.addAnswers(addedAnswer([aCode(21, { code: 'TAKEN' }), aCode(22, { code: 'FREE' })], [1]));
    await userEvent.click(within(conflicts).getByRole('button', { name: 'Add to Selected Stores (1)' }));
    expect(await toast('Codes added to selected stores')).toBeInTheDocument();
    expect(calls('POST')[0]?.body).toEqual({ codes: ['TAKEN', 'FREE'], stores: [1], influencerName: null });
    // The progress covers the stores the codes went to, and those only.
    const stores = await within(add).findByRole('list', { name: 'Stores' });
    expect(within(stores).getByRole('listitem', { name: 'Aurora 1' })).toBeInTheDocument();
    expect(within(stores).queryByRole('listitem', { name: 'Aurora 2' })).not.toBeInTheDocument();
  });

  it('should add the free codes and skip the taken ones when a code is taken in every store, in one dialog', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'TAKEN, FREE');
    await userEvent.type(within(add).getByLabelText('Influencer (optional)'), 'Anna');
    server.checkAnswers({
      canCreate: false,
      results: [],
      unchecked: [],
      conflicts: [
        {
          code: 'TAKEN',
          conflicts: [
            { storeId: 1, storeName: 'Aurora 1', takenBy: 'Winter Sale' },
            { storeId: 2, storeName: 'Aurora 2', takenBy: 'exists in Shopify' },
          ],
        },
      ],
    });
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    const conflicts = await screen.findByRole('dialog', { name: 'Code Conflicts Detected' });
    // One dialog in front (the list's codes dialog behind it is hidden): no conflict dialog stacked over the form.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(
      within(conflicts).getByText('1 code of 2 is already taken. 1 code is free in C1 and C2.'),
    ).toBeInTheDocument();
    const taken = within(conflicts).getByRole('listitem', { name: 'TAKEN' });
    expect(taken).toHaveTextContent('Taken in Aurora 1: used by the discount “Winter Sale”');
    expect(taken).toHaveTextContent('Taken in Aurora 2: made in Shopify, outside Discount Manager');
    expect(within(conflicts).queryByRole('button', { name: /Add to Selected Stores/ })).not.toBeInTheDocument();
    server.addAnswers(addedAnswer([aCode(22, { code: 'FREE' })], [1, 2]));
    await userEvent.click(within(conflicts).getByRole('button', { name: 'Add 1 free code, skip 1 taken' }));
    expect(calls('POST')[0]?.body).toEqual({ codes: ['FREE'], stores: [1, 2], influencerName: 'Anna' });
    expect(await toast('Codes added to selected stores')).toBeInTheDocument();
    expect(
      screen.getByText('1 code added to C1 and C2; skipped the taken TAKEN; syncing to Shopify'),
    ).toBeInTheDocument();
  });

  it('should go back to the codes from the conflicts, keeping what was typed', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'TAKEN');
    await userEvent.type(within(add).getByLabelText('Influencer (optional)'), 'Anna');
    server.checkAnswers({
      canCreate: false,
      results: [],
      unchecked: [],
      conflicts: [{ code: 'TAKEN', conflicts: [{ storeId: 1, storeName: 'Aurora 1', takenBy: 'Winter Sale' }] }],
    });
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    const conflicts = await screen.findByRole('dialog', { name: 'Code Conflicts Detected' });
    await userEvent.click(within(conflicts).getByRole('button', { name: 'Change Codes' }));
    const form = await screen.findByRole('dialog', { name: 'Add Codes' });
    expect(within(form).getByLabelText('Codes')).toHaveValue('TAKEN');
    expect(within(form).getByLabelText('Influencer (optional)')).toHaveValue('Anna');
  });

  it('should say why a check failed', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    server.once(`POST ${server.codesPath}/check-availability`, () =>
      Response.json({ message: 'Store 2 is not a store of this discount' }, { status: 400 }),
    );
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    expect(await toast('Failed to check code availability')).toBeInTheDocument();
    expect(screen.getByText('Store 2 is not a store of this discount')).toBeInTheDocument();
    expect(within(add).getByRole('button', { name: 'Check Availability' })).toBeEnabled();
  });

  it('should not add from the conflict dialog without a store', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'TAKEN');
    server.checkAnswers({
      canCreate: false,
      results: [],
      unchecked: [],
      conflicts: [{ code: 'TAKEN', conflicts: [{ storeId: 2, storeName: 'Aurora 2', takenBy: 'exists in Shopify' }] }],
    });
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    const conflicts = await screen.findByRole('dialog', { name: 'Code Conflicts Detected' });
    await userEvent.click(within(conflicts).getByRole('checkbox', { name: /Aurora 1/ }));
    await userEvent.click(within(conflicts).getByRole('button', { name: 'Add to Selected Stores (0)' }));
    expect(await toast('No stores selected')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);
  });

  it('should ask before closing a check that could be created', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    server.checkAnswers(allAvailable(['ANNA10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    await within(add).findByRole('button', { name: 'Create Codes' });
    await userEvent.click(within(add).getByRole('button', { name: 'Reset' }));
    // The question takes the form's place in the same dialog: nothing stacked over it.
    const question = await screen.findByRole('dialog', { name: 'Codes Not Created' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Go Back' }));
    expect(within(add).getByRole('button', { name: 'Create Codes' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Codes Not Created' })).getByRole('button', {
        name: 'Close Anyway',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Codes' })).not.toBeInTheDocument());
    expect(calls('POST')).toHaveLength(0);
  });

  it('should keep the stores and the influencer on Reset', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    await userEvent.type(within(add).getByLabelText('Influencer (optional)'), 'Anna');
    server.checkAnswers(allAvailable(['ANNA10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    await userEvent.click(await within(add).findByRole('button', { name: 'Reset' }));
    await userEvent.click(await within(add).findByRole('button', { name: 'Reset Anyway' }));
    expect(await within(add).findByLabelText('Codes')).toHaveValue('');
    expect(within(add).getByLabelText('Influencer (optional)')).toHaveValue('Anna');
    expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked();
  });

  it('should show why a create was refused', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    server.checkAnswers(allAvailable(['ANNA10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    server.once(`POST ${server.codesPath}`, () =>
      Response.json({ message: 'ANNA10 in Aurora 2 is already taken' }, { status: 409 }),
    );
    await userEvent.click(await within(add).findByRole('button', { name: 'Create Codes' }));
    expect(await toast('Failed to create codes')).toBeInTheDocument();
    expect(screen.getByText('ANNA10 in Aurora 2 is already taken')).toBeInTheDocument();
  });

  it('should say when codes were only saved, the discount not being deployed', async () => {
    await openDialog();
    const add = await openAdd();
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: /Aurora 2/ })).toBeChecked());
    await userEvent.type(within(add).getByLabelText('Codes'), 'ANNA10');
    server.checkAnswers(allAvailable(['ANNA10'], [1, 2]));
    await userEvent.click(within(add).getByRole('button', { name: 'Check Availability' }));
    server.addAnswers(addedAnswer([aCode(11, { code: 'ANNA10' })], [], { savedLocally: true }));
    await userEvent.click(await within(add).findByRole('button', { name: 'Create Codes' }));
    expect(await toast('Codes saved (not on Shopify)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Codes' })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });
});

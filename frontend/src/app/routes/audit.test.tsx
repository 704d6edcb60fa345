import type { AuditEvent, AuditPage } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';
import { selectOption } from '@/testing/select-option';

const anEvent = (position: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  position,
  at: '2026-01-05T10:04:00.000Z',
  type: 'DiscountCreated',
  streamId: `discount:d${position}`,
  entityKind: 'discount',
  actor: { id: 'email:admin@demo.test', email: 'admin@demo.test', name: 'Ada Admin' },
  brandIds: [1],
  data: { name: `Campaign ${position}` },
  ...over,
});

let audits: URL[];
let pages: Map<string, AuditPage>;

beforeEach(() => {
  audits = [];
  pages = new Map([
    ['', { items: [anEvent(9), anEvent(8)], next: 8 }],
    ['8', { items: [anEvent(3, { type: 'DiscountCodesAdded', entityKind: 'code' })], next: null }],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/audit/event-types') return Response.json(['DiscountCodesAdded', 'DiscountCreated']);
      if (url.pathname === '/api/audit') {
        audits.push(url);
        return Response.json(pages.get(url.searchParams.get('after') ?? '') ?? { items: [], next: null });
      }
      return Response.json({ message: `unexpected ${path}` }, { status: 500 });
    }),
  );
});

describe('When an admin opens Audit', () => {
  it('should list the newest events first with who did them, and load the older ones on demand', async () => {
    renderApp('/audit', userAt('admin'));
    const table = await screen.findByRole('list', { name: 'Audit events' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^Discount: /).textContent)).toEqual([
      'Discount: Campaign 9',
      'Discount: Campaign 8',
    ]);
    expect(within(rows[0]!).getByText('Ada Admin (admin@demo.test)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Discount codes added')).toBeInTheDocument();
    expect(audits.at(-1)?.searchParams.get('after')).toBe('8');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('The start of the log.')).toBeInTheDocument();
  });

  it('should open a row to its whole change, with its links, and keep ids under the technical details', async () => {
    const long = 'x'.repeat(90);
    pages.set('', {
      items: [
        anEvent(9, {
          type: 'DiscountCodesAdded',
          entityKind: 'code',
          streamId: 'code-reservation:1:uxw-csv-3',
          data: {
            discountId: '00000000-0000-4000-8000-000000000009',
            code: 'SPRING10',
            influencerName: long,
            storeIds: [2, 1],
            savedLocally: false,
            shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
            at: '2026-01-05T10:04:00.000Z',
          },
        }),
      ],
      next: null,
    });
    const { router } = renderApp('/audit', userAt('admin'));
    const list = await screen.findByRole('list', { name: 'Audit events' }, { timeout: 5000 });
    const row = within(list).getByRole('listitem');
    const summary = row.querySelector('summary')!;
    expect(summary).toHaveTextContent('Code: SPRING10');
    expect(summary).not.toHaveTextContent(/gid:|code-reservation|saved locally|store ids|2026-01-05T/);
    await userEvent.click(within(row).getByText('Discount codes added'));
    expect(within(row).getByText(long)).toBeVisible();
    const open = within(row).getByRole('link', { name: 'Open code SPRING10' });
    expect(open).toHaveAttribute('href', '/discounts/00000000-0000-4000-8000-000000000009/codes?search=SPRING10');
    expect(within(row).getByText('Technical details')).toBeVisible();
    await userEvent.click(within(row).getByRole('link', { name: 'Everything by Ada Admin' }));
    await waitFor(() => expect(router.state.location.search).toBe('?person=admin%40demo.test'));
    await waitFor(() => expect(audits.at(-1)?.searchParams.get('person')).toBe('admin@demo.test'));
    expect(screen.getByLabelText('Person')).toHaveValue('admin@demo.test');
  });

  it('should apply the filters together, keep them in the address, and export what they select', async () => {
    const { router } = renderApp('/audit', userAt('admin'));
    await screen.findByRole('list', { name: 'Audit events' }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Person'), 'user@demo.test');
    await selectOption('Entity', 'Code');
    await waitFor(() => expect(screen.getByLabelText('Event type')).toBeEnabled());
    await selectOption('Event type', 'Discount codes added');
    expect(audits).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(audits).toHaveLength(2));
    const asked = audits[1]!.searchParams;
    expect([asked.get('person'), asked.get('entity'), asked.get('type')]).toEqual([
      'user@demo.test',
      'code',
      'DiscountCodesAdded',
    ]);
    expect(router.state.location.search).toBe('?person=user%40demo.test&entity=code&type=DiscountCodesAdded');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/audit/export?format=csv&person=user%40demo.test&entity=code&type=DiscountCodesAdded',
    );
    expect(screen.getByRole('link', { name: /Export JSONL/ }).getAttribute('href')).toMatch(/format=jsonl/);
  }, 20_000);

  it('should say so when nothing matches', async () => {
    pages.set('', { items: [], next: null });
    renderApp('/audit', userAt('admin'));
    expect(await screen.findByText('No events match these filters.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('When a manager asks for Audit', () => {
  it('should say it is for admins instead of sending them away without a word', async () => {
    renderApp('/audit', userAt('manager'));
    expect(await screen.findByRole('heading', { name: 'Audit is not open to your role' })).toBeInTheDocument();
  });
});

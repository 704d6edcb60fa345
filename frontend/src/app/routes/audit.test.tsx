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
    const table = await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Discount created',
      'Discount created',
    ]);
    expect(within(rows[0]!).getByText('Ada Admin (admin@demo.test)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Discount codes added')).toBeInTheDocument();
    expect(audits.at(-1)?.searchParams.get('after')).toBe('8');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('The start of the log.')).toBeInTheDocument();
  });

  it('should apply the filters together, and export what they select', async () => {
    renderApp('/audit', userAt('admin'));
    await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
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
  it('should send them to the discounts instead', async () => {
    const { router } = renderApp('/audit', userAt('manager'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discounts'));
  });
});

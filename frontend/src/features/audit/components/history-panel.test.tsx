import type { HistoryEntry, HistoryPage } from '@dm/events/http';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { HistoryPanel } from './history-panel';

const reactor = { id: 'reactor:discount-deployment', email: null, name: null };
const entry = (position: number, over: Partial<HistoryEntry>): HistoryEntry => ({
  position,
  at: '2026-01-05T10:00:00.000Z',
  type: 'DiscountCreated',
  streamId: 'discount:d1',
  entityKind: 'discount',
  actor: { id: 'email:admin@demo.test', email: 'admin@demo.test', name: 'Ada Admin' },
  brandIds: [1],
  data: {},
  changes: [],
  ...over,
});

let pages: Map<string, HistoryPage>;
let asked: URL[];

beforeEach(() => {
  asked = [];
  pages = new Map([
    [
      '',
      {
        items: [
          entry(1, {
            changes: [
              { field: 'name', old: null, new: 'Spring' },
              { field: 'gwp', old: null, new: null },
              { field: 'description', old: null, new: '' },
              { field: 'createdBy', old: null, new: { name: 'Ada Admin', email: 'admin@demo.test' } },
            ],
          }),
          entry(2, {
            type: 'DiscountDeploymentFailed',
            actor: reactor,
            data: { storeId: 2, reason: 'Product is not available' },
            changes: [{ field: 'reason', old: null, new: 'Product is not available' }],
          }),
        ],
        next: 2,
      },
    ],
    [
      '2',
      {
        items: [
          entry(3, {
            type: 'DiscountDeploymentRequested',
            data: { storeId: 2, attempt: 2 },
            changes: [{ field: 'attempt', old: 1, new: 2 }],
          }),
        ],
        next: null,
      },
    ],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://localhost');
      asked.push(url);
      return Response.json(pages.get(url.searchParams.get('after') ?? ''));
    }),
  );
});

const renderPanel = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryPanel entity="discount:d1" storeNames={new Map([[2, 'Aurora DE']])} />
    </QueryClientProvider>,
  );

describe('HistoryPanel', () => {
  it('should tell the story oldest first: what, where, who, and the fields that changed', async () => {
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading the history' })).toBeInTheDocument();
    const entries = await screen.findAllByTestId('history-entry');
    expect(asked[0]?.searchParams.get('entity')).toBe('discount:d1');
    expect(within(entries[0]!).getByText('Discount created')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('by Ada Admin (admin@demo.test)')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Spring')).toBeInTheDocument();
    // Fields never set, and the creator the by-line already names, are not listed.
    expect(within(entries[0]!).queryByText('gwp')).not.toBeInTheDocument();
    expect(within(entries[0]!).queryByText('description')).not.toBeInTheDocument();
    expect(within(entries[0]!).queryByText('created by')).not.toBeInTheDocument();
    expect(entries[1]).toHaveTextContent('Discount deployment failed · Aurora DE');
    expect(entries[1]).toHaveTextContent('by System (deployment to the stores)');
    expect(entries[1]).toHaveTextContent('reasonProduct is not available');
  });

  it('should load the rest on demand and show old → new', async () => {
    renderPanel();
    await screen.findAllByTestId('history-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const entries = await screen.findAllByTestId('history-entry');
    await vi.waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(3));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const last = screen.getAllByTestId('history-entry')[2]!;
    expect(last).toHaveTextContent('attempt1 → 2');
    expect(asked.at(-1)?.searchParams.get('after')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

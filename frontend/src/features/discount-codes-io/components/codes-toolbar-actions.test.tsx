import type { ImportCodesResult } from '@dm/events/http';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/use-toast';
import { aDeployment, aDiscountDetail, uid } from '../testing/discount-detail';
import { lastSeenPosition, resetSeenPosition } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { CodesToolbarActions } from '../index';

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let sentKeys: { path: string; key: string | null }[];
let importAnswer: () => Response;
let generateAnswer: () => Response;
let downloaded: Blob[];

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
    headers: { 'content-type': 'application/x-ndjson' },
  });
const result: ImportCodesResult = {
  rowsRead: 1000,
  codesAdded: 997,
  rejected: [
    { row: 12, code: 'BAD CODE', reason: 'The code holds a space or a control character' },
    { row: 22, code: 'imp5', reason: 'The same code as row 7' },
    { row: 32, code: 'HELD', reason: 'Already used in Aurora 1' },
  ],
  availableStores: [{ id: 1, name: 'Aurora 1' }],
  savedLocally: false,
};

beforeEach(() => {
  sent = [];
  sentKeys = [];
  downloaded = [];
  resetToasts();
  resetSeenPosition();
  importAnswer = () =>
    ndjson([
      { type: 'progress', phase: 'checking', done: 1000, total: 1000 },
      { type: 'done', result, position: '4242' },
    ]);
  generateAnswer = () =>
    Response.json(
      {
        codes: [
          { id: uid(501), code: 'SUMMER-AB12CD' },
          { id: uid(502), code: 'SUMMER-ZZ9Y8X' },
        ],
        codesAdded: 2,
        availableStores: [{ id: 1, name: 'Aurora 1' }],
        savedLocally: false,
      },
      { status: 201 },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      sentKeys.push({ path, key: new Headers(init.headers).get('idempotency-key') });
      if (path === `/api/discounts/${uid(1)}`)
        return Response.json(
          aDiscountDetail(1, { deployments: [aDeployment(1), aDeployment(2, { status: 'failed' })] }),
        );
      if (path.endsWith('/codes/import')) return importAnswer();
      if (path.endsWith('/codes/generate')) return generateAnswer();
      return Response.json({ message: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (downloaded.push(blob), 'blob:x'),
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderActions = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CodesToolbarActions discountId={uid(1)} brandId={1} />
      <Toaster />
    </QueryClientProvider>,
  );
const writes = () => sent.filter((s) => s.method === 'POST');
const openDialog = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  return screen.findByRole('dialog');
};
const aFile = (text: string) => new File([text], 'codes.csv', { type: 'text/csv' });

describe('Export CSV', () => {
  it("should be a download of the discount's codes from the server", async () => {
    renderActions();
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', `/api/discounts/${uid(1)}/codes/export`);
    expect(link).toHaveAttribute('download');
  });
});

describe('Import CSV', () => {
  it('should send the file to the deployed stores, show the outcome and download the rejected rows', async () => {
    renderActions();
    const dialog = await openDialog('Import CSV');
    expect(within(dialog).getByRole('checkbox', { name: 'Aurora 1' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Aurora 2' })).not.toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('CSV File'), aFile('code,influencer\nA1,Ivy\n'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const outcome = await within(dialog).findByRole('status', { name: 'Import result' });
    expect(outcome).toHaveTextContent('997 codes added from 1,000 rows.');
    expect(outcome).toHaveTextContent('3 rows rejected.');
    expect(outcome).toHaveTextContent('Row 12: BAD CODE — The code holds a space or a control character');
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: `/api/discounts/${uid(1)}/codes/import`,
        body: { csv: 'code,influencer\nA1,Ivy\n', stores: [1] },
      },
    ]);
    expect(lastSeenPosition()).toBe('4242');
    expect(await screen.findByText('Codes Imported')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download Rejected Rows' }));
    expect(await downloaded[0]!.text()).toBe(
      'row,code,reason\r\n12,BAD CODE,The code holds a space or a control character\r\n22,imp5,The same code as row 7\r\n32,HELD,Already used in Aurora 1\r\n',
    );
  });

  it('should ask for a file and a store before sending anything', async () => {
    renderActions();
    const dialog = await openDialog('Import CSV');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Aurora 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Choose a CSV file to import')).toBeInTheDocument();
    expect(within(dialog).getByText('Select at least one store')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("should show the server's refusal at the file, and a failure reported after the start", async () => {
    importAnswer = () =>
      Response.json({ message: 'The file has 100,001 rows; import at most 100,000 at once.' }, { status: 400 });
    renderActions();
    const dialog = await openDialog('Import CSV');
    await userEvent.upload(within(dialog).getByLabelText('CSV File'), aFile('A1'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('The file has 100,001 rows; import at most 100,000 at once.'),
    ).toBeInTheDocument();
    importAnswer = () => ndjson([{ type: 'failed', message: 'The import failed on our side and nothing was added.' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('The import failed on our side and nothing was added.')).toBeInTheDocument();
  });
});

describe('Import CSV over a connection that breaks mid-way', () => {
  it('should say the import goes on, and show its result when sent again with the same key', async () => {
    importAnswer = () => ndjson([{ type: 'progress', phase: 'checking', done: 10, total: 1000 }]);
    renderActions();
    const dialog = await openDialog('Import CSV');
    await userEvent.upload(within(dialog).getByLabelText('CSV File'), aFile('A1'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText(
        'The connection broke before the import finished; the import goes on. Press Import again with the same file to see its result.',
      ),
    ).toBeInTheDocument();
    importAnswer = () => ndjson([{ type: 'done', result, position: '4243' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status', { name: 'Import result' })).toHaveTextContent('997 codes added');
    const keys = sentKeys.filter((k) => k.path.endsWith('/codes/import')).map((k) => k.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('Generate Codes', () => {
  it('should refuse a bad pattern at its field and send nothing', async () => {
    renderActions();
    const dialog = await openDialog('Generate Codes');
    await userEvent.type(within(dialog).getByLabelText('Pattern'), 'SUMMER');
    await userEvent.type(within(dialog).getByLabelText('Number of Codes'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByText('The pattern needs at least one group, for example [6LN]')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Pattern'));
    await userEvent.type(within(dialog).getByLabelText('Pattern'), 'A-[[1N]');
    await userEvent.clear(within(dialog).getByLabelText('Number of Codes'));
    await userEvent.type(within(dialog).getByLabelText('Number of Codes'), '9');
    expect(within(dialog).getByText('This pattern can make 8 codes.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByText('A-[1N] can make only 8 codes')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('should add the codes, list them and offer them as a download', async () => {
    renderActions();
    const dialog = await openDialog('Generate Codes');
    await userEvent.type(within(dialog).getByLabelText('Pattern'), 'SUMMER-[[6LN]');
    await userEvent.type(within(dialog).getByLabelText('Number of Codes'), '2');
    await userEvent.type(within(dialog).getByLabelText('Influencer (optional)'), 'Max');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const outcome = await within(dialog).findByRole('status', { name: 'Generated codes' });
    expect(outcome).toHaveTextContent('2 codes added.');
    expect(writes()[0]!.body).toEqual({ pattern: 'SUMMER-[6LN]', count: 2, stores: [1], influencerName: 'Max' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download Codes' }));
    expect(await downloaded[0]!.text()).toBe('code\r\nSUMMER-AB12CD\r\nSUMMER-ZZ9Y8X\r\n');
  });

  it("should show the server's 409 in the dialog", async () => {
    generateAnswer = () =>
      Response.json({ message: 'Only 3 codes of A-[1N] are free in these stores.' }, { status: 409 });
    renderActions();
    const dialog = await openDialog('Generate Codes');
    await userEvent.type(within(dialog).getByLabelText('Pattern'), 'A-[[1N]');
    await userEvent.type(within(dialog).getByLabelText('Number of Codes'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 3 codes of A-[1N] are free in these stores.',
    );
  });
});

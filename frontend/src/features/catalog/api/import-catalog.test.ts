import type { CatalogImportStatus } from '@dm/events/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uid } from '../testing/catalog-fixtures';
import { importCatalog } from './import-catalog';

const importId = uid(77);
const status = (overrides: Partial<CatalogImportStatus>): CatalogImportStatus => ({
  importId,
  kind: 'products',
  brandId: 1,
  storeId: 2,
  status: 'running',
  imported: 0,
  failed: 0,
  skipped: 0,
  error: null,
  requestedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  ...overrides,
});

/** POST answers `post`; each GET of the status answers the next of `steps`. */
const stubServer = (post: Response, steps: CatalogImportStatus[]) => {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === 'POST') return post;
    expect(url).toBe(`/api/imports/${importId}`);
    return Response.json(steps.shift());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('When the import finishes within the request', () => {
  it('should send brand and store and answer the result without polling', async () => {
    const fetchMock = stubServer(Response.json({ imported: 16, failed: 0, skipped: 0, error: null }), []);
    await expect(importCatalog('products', { brandId: 1, storeId: 2 })).resolves.toEqual({
      imported: 16,
      failed: 0,
      skipped: 0,
      error: null,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/products/import',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ brandId: 1, storeId: 2 }) }),
    );
  });
});

describe('When the import answers 202', () => {
  it('should poll the status, report progress, and answer the final counts', async () => {
    const fetchMock = stubServer(Response.json({ importId }, { status: 202 }), [
      status({ imported: 3 }),
      status({ imported: 9 }),
      status({ status: 'succeeded', imported: 12, failed: 1, error: '1 product had no variants' }),
    ]);
    const seen: number[] = [];
    const result = await importCatalog(
      'collections',
      { brandId: 1, storeId: 2 },
      { intervalMs: 0, onProgress: (s) => seen.push(s.imported) },
    );
    expect(seen).toEqual([3, 9, 12]);
    expect(result).toEqual({ imported: 12, failed: 1, skipped: 0, error: '1 product had no variants' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("should turn a failed import without a reason into 'An unknown error occurred'", async () => {
    stubServer(Response.json({ importId }, { status: 202 }), [status({ status: 'failed' })]);
    await expect(importCatalog('products', { brandId: 1, storeId: 2 }, { intervalMs: 0 })).resolves.toMatchObject({
      imported: 0,
      error: 'An unknown error occurred',
    });
  });
});

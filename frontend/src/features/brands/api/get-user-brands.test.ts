import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserBrands } from './get-user-brands';

afterEach(() => vi.unstubAllGlobals());

describe('getUserBrands', () => {
  it('should read /api/user/brands with credentials and validate the list', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([{ id: 1, name: 'Acme' }])));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getUserBrands()).resolves.toEqual([{ id: 1, name: 'Acme' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/user/brands', expect.objectContaining({ credentials: 'include' }));
  });

  it('should reject an answer of the wrong shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ id: 'x' }]))),
    );
    await expect(getUserBrands()).rejects.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { importFailureNotice, importResultNotice } from './import-notice';

describe('When an import answers', () => {
  it('should report a clean import as a success saying what was new and what unchanged, in which store', () => {
    expect(importResultNotice('products', 'Aurora GB', { imported: 16, failed: 0, skipped: 0 })).toEqual({
      title: 'Products imported successfully',
      description: 'Aurora GB: 16 new or changed, 0 unchanged',
    });
    expect(importResultNotice('collections', 'Aurora DE', { imported: 0, failed: 0, skipped: 4 })).toEqual({
      title: 'Collections imported successfully',
      description: 'Aurora DE: 0 new or changed, 4 unchanged',
    });
  });
  it("should report an error with some imported as 'imported with warnings' and the counts", () => {
    expect(importResultNotice('products', 'Aurora GB', { imported: 5, failed: 2, error: 'Shop throttled' })).toEqual({
      title: 'Products imported with warnings',
      description: 'Aurora GB: 5 new or changed, 0 unchanged, 2 failed. Shop throttled',
    });
  });
  it('should report an error with nothing imported as a failure', () => {
    expect(importResultNotice('collections', 'Aurora GB', { imported: 0, failed: 4, error: 'Token rejected' })).toEqual(
      {
        title: 'Failed to import collections',
        description: 'Token rejected',
        variant: 'destructive',
      },
    );
  });
});

describe('When an import fails', () => {
  it("should show the server's message", () => {
    const error = new ApiError(502, 'Bad Gateway', JSON.stringify({ message: 'Shop unreachable' }));
    expect(importFailureNotice('products', error)).toEqual({
      title: 'Failed to import products',
      description: 'Shop unreachable',
      variant: 'destructive',
    });
  });
  it("should fall back to 'An unknown error occurred'", () => {
    expect(importFailureNotice('products', undefined).description).toBe('An unknown error occurred');
    expect(importFailureNotice('products', { weird: true }).description).toBe('An unknown error occurred');
  });
});

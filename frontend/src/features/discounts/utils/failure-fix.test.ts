import { describe, expect, it } from 'vitest';
import { failureFix } from './failure-fix';

describe('When a store failed', () => {
  it('should send a missing product to Products, searched for it in its brand', () => {
    expect(
      failureFix({ reason: 'Store Aurora DE has no equivalent of product "Canyon Jacket"', retryable: false }, 1),
    ).toEqual({
      kind: 'link',
      itemKind: 'product',
      name: 'Canyon Jacket',
      href: '/product-management?brandId=1&tab=products&search=Canyon+Jacket',
    });
  });

  it('should offer Retry only for a failure marked retryable', () => {
    expect(failureFix({ reason: 'Shopify is throttled', retryable: true }, 1)).toEqual({ kind: 'retry' });
    expect(failureFix({ reason: 'Discount title must be unique', retryable: false }, 1)).toEqual({ kind: 'none' });
  });
});

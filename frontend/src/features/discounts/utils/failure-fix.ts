import type { DiscountDeployment } from '@dm/events/http';

/** What a person does about a failed store, read from the reactor's recorded reason (decision 1361). */
export type FailureFix =
  | { kind: 'link'; itemKind: 'product' | 'collection'; name: string; href: string }
  | { kind: 'retry' }
  | { kind: 'none' };

const missing = /has no equivalent of (product|collection) "([^"]+)"/;

/**
 * A store without a copy of a product is fixed in Products (import it, or link its copy), and then a retry
 * succeeds; other failures only a person can fix (Shopify refused the discount, no Function) are not retried.
 */
export const failureFix = (d: Pick<DiscountDeployment, 'reason' | 'retryable'>, brandId: number): FailureFix => {
  const found = missing.exec(d.reason ?? '');
  if (found) {
    const itemKind = found[1] === 'collection' ? 'collection' : 'product';
    const name = found[2] ?? '';
    const query = new URLSearchParams({ brandId: String(brandId), tab: `${itemKind}s`, search: name });
    return { kind: 'link', itemKind, name, href: `/product-management?${query.toString()}` };
  }
  return d.retryable ? { kind: 'retry' } : { kind: 'none' };
};

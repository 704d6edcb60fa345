import type { StoreClient } from '../call';
import { MaxCostExceededError, ShopifyUnavailableError } from '../errors';

export interface PageOf<T> {
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  readonly nodes: readonly T[];
}

export interface PagedQuery<T> {
  readonly operation: string;
  /** The query for a page size; variables `$first` and `$after` are supplied. */
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly pick: (data: unknown) => PageOf<T>;
  readonly costPerNode: number;
}

/**
 * Pages a connection: halves the page size on MAX_COST_EXCEEDED (reference §13), and when an answer
 * repeats the previous page (its end cursor is the one we sent) asks again instead of moving on.
 */
export async function* pages<T extends { id: string }>(
  store: StoreClient,
  paged: PagedQuery<T>,
  pageSize = 250,
): AsyncGenerator<T[]> {
  let first = pageSize;
  let after: string | null = null;
  let repeats = 0;
  const seen = new Set<string>();
  for (;;) {
    let page: PageOf<T>;
    try {
      const data = await store.request<unknown>(
        paged.query,
        { ...paged.variables, first, after },
        { operation: `${paged.operation}${first}`, estimate: 2 + first * paged.costPerNode },
      );
      page = paged.pick(data);
    } catch (error) {
      if (error instanceof MaxCostExceededError && first > 1) {
        first = Math.max(1, Math.floor(first / 2));
        continue;
      }
      throw error;
    }
    if (after !== null && page.pageInfo.endCursor === after) {
      if (++repeats >= 5) throw new ShopifyUnavailableError(store.slug, repeats, 'the same page came back repeatedly');
      continue;
    }
    repeats = 0;
    const fresh = page.nodes.filter((n) => !seen.has(n.id));
    fresh.forEach((n) => seen.add(n.id));
    if (fresh.length > 0) yield fresh;
    if (!page.pageInfo.hasNextPage) return;
    after = page.pageInfo.endCursor;
  }
}

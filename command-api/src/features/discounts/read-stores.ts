import type { CreateDiscountInput } from '@dm/events/http';
import type pg from 'pg';
import type { StoreFact } from './commands';

/**
 * The stores a pre-flight or preview can name (the brand's, and any id asked for, to refuse it by name), from the
 * locations read model: those reads answer from `rm.*` anyway, and folding the locations stream on every request
 * cost more than the query (decision 1436). The create still decides on the stream's own fold.
 */
export const readStoreFacts = async (
  db: pg.Pool,
  { brandId, storeIds }: Pick<CreateDiscountInput, 'brandId' | 'storeIds'>,
  hasShopifyToken: (slug: string) => boolean,
): Promise<StoreFact[]> => {
  const { rows } = await db.query<Omit<StoreFact, 'connected'> & { urlSlug: string }>(
    `SELECT id, name, brand_id AS "brandId", is_active AS "isActive", url_slug AS "urlSlug"
     FROM rm.stores WHERE brand_id = $1 OR id = ANY($2::int[]) ORDER BY id`,
    [brandId, [...storeIds]],
  );
  return rows.map(({ urlSlug, ...store }) => ({ ...store, connected: hasShopifyToken(urlSlug) }));
};

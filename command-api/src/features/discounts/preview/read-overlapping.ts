import type pg from 'pg';

/**
 * Discounts of the brand still running (not ended, end not passed) that name a member of the same product or
 * collection groups as `ids`: rules, gift trigger and gifts, trigger collection, product scope.
 */
export const readOverlappingDiscounts = async (
  db: pg.Pool,
  brandId: number,
  ids: readonly string[],
  now: Date,
  excluding?: string,
): Promise<{ id: string; name: string }[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    `WITH RECURSIVE grp(id) AS (
       SELECT unnest($2::uuid[])
       UNION
       SELECT CASE WHEN l.source_id = g.id THEN l.target_id ELSE l.source_id END
       FROM grp g JOIN rm.catalog_links l ON l.source_id = g.id OR l.target_id = g.id
     )
     SELECT d.id, d.name FROM rm.discounts d
     WHERE d.brand_id = $1 AND d.id IS DISTINCT FROM $4 AND d.ended_at IS NULL AND (d.ends_at IS NULL OR d.ends_at > $3)
       AND EXISTS (
         SELECT 1 FROM (
           SELECT r -> 'target' ->> 'id' AS id FROM jsonb_array_elements(d.config -> 'rules') r
           UNION ALL SELECT jsonb_array_elements_text(d.config -> 'gwp' -> 'triggerProductIds')
           UNION ALL SELECT jsonb_array_elements_text(d.config -> 'gwp' -> 'giftProductIds')
           UNION ALL SELECT d.config -> 'gwp' ->> 'requiredCollectionId'
           UNION ALL SELECT jsonb_array_elements_text(d.config -> 'productScope' -> 'productIds')
           UNION ALL SELECT jsonb_array_elements_text(d.config -> 'productScope' -> 'collectionIds')
         ) named WHERE named.id IN (SELECT id::text FROM grp))
     ORDER BY d.name, d.id LIMIT 5`,
    [brandId, [...new Set(ids)], now, excluding ?? null],
  );
  return rows;
};

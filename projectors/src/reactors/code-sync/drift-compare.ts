import { driftCodesListed, foldCode, type DriftDifferences, type DriftField } from '@dm/events';
import type pg from 'pg';

/** One of our discounts deployed in the store, as our log says the store should hold it. */
export interface OurDeployment {
  readonly discountId: string;
  readonly brandId: number;
  readonly shopifyDiscountId: string;
  /** The code it was deployed with (its seed code). */
  readonly code: string;
  /** Ended (deactivated in the store): it must stay expired, unless an admin accepted Shopify's status. */
  readonly ended: boolean;
  readonly title: string;
  readonly startsAt: string;
  readonly endsAt: string | null;
  /** The drift read model's row: its state and last differences (null when there never was a finding). */
  readonly driftState: string | null;
  readonly lastDifferences: DriftDifferences | null;
}

export interface Finding {
  readonly deployment: OurDeployment;
  readonly differences: DriftDifferences;
}

interface ShopifySide {
  readonly title: string;
  readonly startsAt: string | null;
  readonly endsAt: string | null;
}

const iso = (t: Date | null) => (t ? t.toISOString() : null);
/** Shopify keeps instants to the second. */
const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Math.floor(Date.parse(a) / 1000) === Math.floor(Date.parse(b) / 1000);

export const statusAt = (startsAt: string | null, endsAt: string | null, now: Date) =>
  startsAt && Date.parse(startsAt) > now.getTime()
    ? 'SCHEDULED'
    : endsAt && Date.parse(endsAt) <= now.getTime()
      ? 'EXPIRED'
      : 'ACTIVE';

/**
 * Our deployments in the store that the sync can speak for: deployed (or ended) before the sync started, so a
 * discount created while the export ran is not taken for deleted. Accepted values replace ours field by field.
 */
const ourDeployments = async (db: pg.Pool, storeId: number, before: string): Promise<OurDeployment[]> => {
  const { rows } = await db.query<{
    discount_id: string;
    brand_id: number;
    shopify_discount_id: string;
    code: string;
    status: string;
    name: string;
    starts_at: Date;
    ends_at: Date | null;
    accepted_fields: Record<string, string | null> | null;
    accepted_deleted: boolean | null;
    state: string | null;
    differences: DriftDifferences | null;
  }>(
    `SELECT dd.discount_id, d.brand_id, dd.shopify_discount_id, dd.code, dd.status, d.name,
            coalesce(d.starts_at, d.created_at) AS starts_at, d.ends_at,
            dr.accepted_fields, dr.accepted_deleted, dr.state, dr.differences
     FROM rm.discount_deployments dd
     JOIN rm.discounts d ON d.id = dd.discount_id
     LEFT JOIN rm.discount_drift dr ON dr.discount_id = dd.discount_id AND dr.store_id = dd.store_id
     WHERE dd.store_id = $1 AND dd.shopify_discount_id IS NOT NULL AND dd.status IN ('deployed', 'ended')
       AND dd.updated_at < $2`,
    [storeId, before],
  );
  return rows
    .filter((r) => !r.accepted_deleted)
    .map((r) => {
      const accepted = r.accepted_fields ?? {};
      const pick = (field: string, ours: string | null) => (field in accepted ? (accepted[field] ?? null) : ours);
      return {
        discountId: r.discount_id,
        brandId: r.brand_id,
        shopifyDiscountId: r.shopify_discount_id,
        code: r.code,
        ended: r.status === 'ended' && !('status' in accepted),
        title: pick('title', r.name) ?? r.name,
        startsAt: pick('startsAt', iso(r.starts_at)) ?? iso(r.starts_at)!,
        endsAt: pick('endsAt', iso(r.ends_at)),
        driftState: r.state,
        lastDifferences: r.differences,
      };
    });
};

const shopifySides = async (db: pg.Pool, storeId: number, ids: readonly string[]) => {
  const { rows } = await db.query<{ discount_id: string; title: string; starts_at: Date | null; ends_at: Date | null }>(
    `SELECT discount_id, title, starts_at, ends_at FROM rm.synced_code_discounts
     WHERE store_id = $1 AND discount_id = ANY($2::text[])`,
    [storeId, ids],
  );
  return new Map(
    rows.map((r): [string, ShopifySide] => [
      r.discount_id,
      { title: r.title, startsAt: iso(r.starts_at), endsAt: iso(r.ends_at) },
    ]),
  );
};

type CodeDiff = Map<string, { codes: string[]; count: number }>;

const collect = (rows: readonly { discount_id: string; code: string }[]): CodeDiff => {
  const byDiscount: CodeDiff = new Map();
  for (const { discount_id, code } of rows) {
    const entry = byDiscount.get(discount_id) ?? { codes: [], count: 0 };
    if (entry.codes.length < driftCodesListed) entry.codes.push(code);
    entry.count++;
    byDiscount.set(discount_id, entry);
  }
  return byDiscount;
};

/**
 * Missing: the deployment's own code and every code Shopify confirmed live, or whose push failed (say, the discount
 * had been deleted in the store meanwhile: the ledger still holds it for us), before the sync started, minus those
 * whose absence was accepted. Unexpected: codes on our Shopify discount that our ledger does not hold for it in
 * the store now (a code of our codes page that was deleted, or whose reservation was freed, counts: it is live while
 * we say it is free), minus those accepted. Both are hash anti-joins over the store's synced codes of our discounts.
 */
const codeDifferences = async (db: pg.Pool, storeId: number, before: string, ours: readonly OurDeployment[]) => {
  const discountIds = ours.map((o) => o.discountId);
  const shopifyIds = ours.map((o) => o.shopifyDiscountId);
  const params = [storeId, discountIds, shopifyIds, ours.map((o) => o.code), ours.map((o) => foldCode(o.code)), before];
  const ourIds = `SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[])
                  AS o(discount_id, shopify_id, code, code_folded)`;
  const synced = `SELECT discount_id AS shopify_id, code, code_folded AS folded FROM rm.synced_codes
                  WHERE store_id = $1 AND discount_id = ANY($3::text[])`;
  const missing = await db.query<{ discount_id: string; code: string }>(
    `WITH o AS (${ourIds}),
     expected AS (
       SELECT discount_id, code, code_folded AS folded FROM o
       UNION
       SELECT s.discount_id, c.code, s.code_folded FROM rm.discount_code_stores s
       JOIN rm.discount_codes c ON c.code_id = s.code_id
       WHERE s.store_id = $1 AND s.discount_id = ANY($2::uuid[]) AND s.state IN ('live', 'failed')
         AND s.updated_at < $6)
     SELECT e.discount_id::text, e.code FROM expected e JOIN o ON o.discount_id = e.discount_id
     LEFT JOIN (${synced}) sc ON sc.shopify_id = o.shopify_id AND sc.folded = e.folded
     WHERE sc.shopify_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM rm.discount_drift_accepted_codes a WHERE a.discount_id = e.discount_id
                       AND a.store_id = $1 AND a.code_folded = e.folded AND a.kind = 'missing')
     ORDER BY 1, 2`,
    params,
  );
  const unexpected = await db.query<{ discount_id: string; code: string }>(
    `WITH o AS (${ourIds}),
     known AS (
       SELECT discount_id, code_folded AS folded FROM rm.code_reservations
       WHERE store_id = $1 AND discount_id = ANY($2::uuid[])
       UNION SELECT discount_id, code_folded FROM o
       UNION SELECT discount_id, code_folded FROM rm.discount_drift_accepted_codes
       WHERE store_id = $1 AND discount_id = ANY($2::uuid[]) AND kind = 'unexpected')
     SELECT o.discount_id::text, sc.code FROM (${synced}) sc JOIN o ON o.shopify_id = sc.shopify_id
     LEFT JOIN known k ON k.discount_id = o.discount_id AND k.folded = sc.folded
     WHERE k.discount_id IS NULL
     ORDER BY 1, 2`,
    params.slice(0, 5),
  );
  return { missing: collect(missing.rows), unexpected: collect(unexpected.rows) };
};

export const fieldDifferences = (ours: OurDeployment, shopify: ShopifySide, now: Date) => {
  const fields: { field: DriftField; ours: string | null; shopify: string | null }[] = [];
  if (shopify.title !== ours.title) fields.push({ field: 'title', ours: ours.title, shopify: shopify.title });
  if (!sameInstant(shopify.startsAt, ours.startsAt))
    fields.push({ field: 'startsAt', ours: ours.startsAt, shopify: shopify.startsAt });
  if (ours.ended) {
    // Ending deactivated it (Shopify set its end to that moment): what must hold is that it stays expired.
    const status = statusAt(shopify.startsAt, shopify.endsAt, now);
    if (status !== 'EXPIRED') fields.push({ field: 'status', ours: 'EXPIRED', shopify: status });
  } else if (!sameInstant(shopify.endsAt, ours.endsAt)) {
    fields.push({ field: 'endsAt', ours: ours.endsAt, shopify: shopify.endsAt });
  }
  return fields;
};

/** Every deployment of ours in the store the sync can speak for, with its differences (possibly none). */
export const compareStore = async (
  db: pg.Pool,
  storeId: number,
  syncStartedAt: string,
  now: Date,
): Promise<Finding[]> => {
  const ours = await ourDeployments(db, storeId, syncStartedAt);
  if (ours.length === 0) return [];
  const sides = await shopifySides(
    db,
    storeId,
    ours.map((o) => o.shopifyDiscountId),
  );
  const codes = await codeDifferences(db, storeId, syncStartedAt, ours);
  return ours.map((deployment) => {
    const shopify = sides.get(deployment.shopifyDiscountId);
    const missing = codes.missing.get(deployment.discountId) ?? { codes: [], count: 0 };
    const unexpected = codes.unexpected.get(deployment.discountId) ?? { codes: [], count: 0 };
    return {
      deployment,
      differences: {
        deleted: !shopify,
        missingCodes: missing.codes,
        missingCodeCount: missing.count,
        unexpectedCodes: unexpected.codes,
        unexpectedCodeCount: unexpected.count,
        fields: shopify ? fieldDifferences(deployment, shopify, now) : [],
      },
    };
  });
};

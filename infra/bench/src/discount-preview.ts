import { randomUUID } from 'node:crypto';
import { systemActor, type createCommandBus } from '@dm/command-api/commands';
import {
  findCatalogItems,
  readCoverage,
  readOverlappingDiscounts,
  readPreviewCatalogs,
  readStoreFacts,
} from '@dm/command-api/preview-reads';
import type pg from 'pg';
import { below, figure, percentile, type Figure } from './index';

type Commands = ReturnType<typeof createCommandBus>;
const storeCount = 20;
const ruleCount = 10;
const adminEmail = 'bench-preview@bench.test';

/** A third brand with 20 stores in 20 countries and an admin of it: written before the projections rebuild. */
export const createPreviewBrand = async (commands: Commands): Promise<number> => {
  await commands.registerBrand('Preview', systemActor);
  const brandId = 3;
  for (let s = 0; s < storeCount; s++) {
    const code = `${String.fromCharCode(81 + Math.floor(s / 10))}${String.fromCharCode(65 + (s % 10))}`;
    await commands.createCountry({ code, name: `Preview country ${s}`, regionId: 1 }, systemActor);
    const countryId = [...(await commands.readLocations()).countries.values()].find((c) => c.code === code)!.id;
    await commands.createStore({ urlSlug: `preview-${s}`, brandId, brandName: 'Preview', countryId }, systemActor);
  }
  await commands.grantPermission({ email: adminEmail, permissionLevel: 'admin', brandIds: [brandId] }, systemActor);
  return brandId;
};

/**
 * Its catalog, written straight into the read model (the import is benched elsewhere): ten products, each with a
 * copy in every store linked store to store, and five products per store no rule names.
 */
const writeCatalog = async (pool: pg.Pool, brandId: number, storeIds: readonly number[]) => {
  const roots: string[] = [];
  for (let p = 0; p < ruleCount + 5; p++) {
    const copies = storeIds.map(() => randomUUID());
    if (p < ruleCount) roots.push(copies[0]!);
    for (const [i, storeId] of storeIds.entries()) {
      await pool.query(
        `INSERT INTO rm.catalog_stores (id, name, currency_code) VALUES ($1, $2, 'EUR')
         ON CONFLICT (id) DO UPDATE SET currency_code = 'EUR'`,
        [storeId, `Preview ${storeId}`],
      );
      await pool.query(
        `INSERT INTO rm.catalog_products (id, brand_id, store_id, shopify_product_id, title, handle, status, variants,
                                          hash, is_available, currency_code)
         VALUES ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7, 'h', true, 'EUR')`,
        [
          copies[i],
          brandId,
          storeId,
          `gid://shopify/Product/${p}${storeId}`,
          `Preview product ${p}`,
          `preview-${p}`,
          JSON.stringify([
            { id: `gid://shopify/ProductVariant/${p}${storeId}`, title: 'Default', sku: null, price: `${20 + p}.00` },
          ]),
        ],
      );
      if (i > 0 && p < ruleCount)
        await pool.query(
          `INSERT INTO rm.catalog_links (id, brand_id, item_kind, link_type, source_id, target_id)
           VALUES ($1, $2, 'product', 'automatic', $3, $4)`,
          [randomUUID(), brandId, copies[i - 1], copies[i]],
        );
    }
  }
  return roots;
};

/**
 * The preview of a discount with 10 rules over 20 stores over HTTP on the real command API, beside the catalog
 * reads it makes (stores, items, coverage, per-store catalogs, overlapping discounts) alone through pg, sample for
 * sample.
 * Target: p95 under 300 ms.
 */
export const benchDiscountPreview = async (
  pool: pg.Pool,
  base: string,
  cookie: string,
  brandId: number,
  samples: number,
): Promise<Figure[]> => {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM rm.stores WHERE brand_id = $1 ORDER BY id', [
    brandId,
  ]);
  const storeIds = rows.map((r) => r.id);
  const roots = await writeCatalog(pool, brandId, storeIds);
  const body = {
    name: 'Bench preview',
    discountType: 'multi',
    brandId,
    storeIds,
    multiConfig: {
      discounts: roots.map((id, i) => ({
        target: { type: 'product', id, name: `P${i}` },
        kind: i % 2 ? 'fixed' : 'percentage',
        amount: String(5 + i),
      })),
    },
  };
  const http = async () => {
    const res = await fetch(`${base}/api/admin/discounts/preview`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`preview: ${res.status} ${text}`);
  };
  const targets = roots.map((id) => ({ kind: 'product' as const, id, role: 'rule' as const }));
  const reads = async () => {
    await readStoreFacts(pool, { brandId, storeIds }, () => true);
    await findCatalogItems(pool, targets);
    await readCoverage(pool, targets, storeIds);
    await readPreviewCatalogs(pool, brandId, storeIds, { product: roots, collection: [] });
    await readOverlappingDiscounts(pool, brandId, roots, new Date());
  };
  for (let i = 0; i < 10; i++) {
    await http();
    await reads();
  }
  const [httpMs, sqlMs]: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++) {
    let started = performance.now();
    await http();
    httpMs.push(performance.now() - started);
    started = performance.now();
    await reads();
    sqlMs.push(performance.now() - started);
  }
  httpMs.sort((a, b) => a - b);
  sqlMs.sort((a, b) => a - b);
  return [50, 95].map((p) =>
    figure({
      name: `preview of a discount with ${ruleCount} rules over ${storeCount} stores (POST /api/admin/discounts/preview) p${p} of ${samples} (baseline: its catalog reads alone through pg, same samples)`,
      value: percentile(httpMs, p),
      unit: 'ms',
      baseline: percentile(sqlMs, p),
      target: p === 95 ? below(300, 'ms') : null,
    }),
  );
};

export const previewAdminEmail = adminEmail;

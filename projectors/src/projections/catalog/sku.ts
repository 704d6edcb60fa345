import { normalizeSku, type ImportedVariantData } from '@dm/events';

/**
 * A product's SKU fields (spec 001 §3): `sku` is its first variant's SKU; `universalSku` the stem all its
 * SKUs share (`AUR-001` for `AUR-001-S`, `AUR-001-M`), or that SKU itself when there is one.
 */
export const skuSummary = (variants: readonly Pick<ImportedVariantData, 'sku'>[]) => {
  const skus = variants.map((v) => v.sku?.trim() ?? '').filter((s) => s !== '');
  const sku = skus[0] ?? null;
  if (sku === null) return { sku, skuNormalized: null, universalSku: null, skusNormalized: [] as string[] };
  let stem = sku;
  for (const other of skus.slice(1)) {
    let i = 0;
    while (i < stem.length && i < other.length && stem[i] === other[i]) i += 1;
    stem = stem.slice(0, i);
  }
  stem = stem.replace(/[\s\-_./]+$/, '');
  const skusNormalized = [...new Set(skus.map(normalizeSku).filter((s): s is string => s !== null))];
  return { sku, skuNormalized: normalizeSku(sku), universalSku: stem === '' ? sku : stem, skusNormalized };
};

import { normalizeSku } from '@dm/events';
import { describe, expect, it } from 'vitest';
import { skuSummary } from './sku';

const v = (sku: string | null) => ({ id: `gid://shopify/ProductVariant/${sku ?? 'x'}`, title: 't', sku });

describe('normalizeSku', () => {
  it('should trim, upper-case and drop inner whitespace', () => {
    expect(normalizeSku('  aur 001-s ')).toBe('AUR001-S');
    expect(normalizeSku('   ')).toBeNull();
    expect(normalizeSku(null)).toBeNull();
  });
});

describe('When a product has several variant SKUs', () => {
  it('should take the first as its SKU and their common stem as the universal SKU', () => {
    expect(skuSummary([v('AUR-001-S'), v('AUR-001-M'), v(null)])).toEqual({
      sku: 'AUR-001-S',
      skuNormalized: 'AUR-001-S',
      universalSku: 'AUR-001',
      skusNormalized: ['AUR-001-S', 'AUR-001-M'],
    });
  });
  it('should keep a single SKU as the universal SKU, and report no SKU when none has one', () => {
    expect(skuSummary([v('aur 003')]).universalSku).toBe('aur 003');
    expect(skuSummary([v('aur 003')]).skuNormalized).toBe('AUR003');
    expect(skuSummary([v(null)])).toEqual({ sku: null, skuNormalized: null, universalSku: null, skusNormalized: [] });
  });
});

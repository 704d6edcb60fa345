import { describe, expect, it } from 'vitest';
import { seedShop } from './seed';

const skusOf = (snapshot: ReturnType<typeof seedShop>) => new Set(snapshot.variants.map((v) => v.sku));

describe('When a shop is seeded with extra products', () => {
  it('should add them, half sharing SKUs with the same brand in other countries', () => {
    const plain = seedShop({ slug: 'aurora-uk', brandId: 1, countryCode: 'GB' }, 0, 0);
    const uk = seedShop({ slug: 'aurora-uk', brandId: 1, countryCode: 'GB' }, 0, 0, 10);
    const de = seedShop({ slug: 'aurora-de', brandId: 1, countryCode: 'DE' }, 0, 0, 10);
    expect(uk.products.length - plain.products.length).toBe(10);
    const generated = [...skusOf(uk)].filter((sku) => /-G\d+$/.test(sku ?? ''));
    const shared = generated.filter((sku) => skusOf(de).has(sku));
    expect(generated).toHaveLength(10);
    expect(shared).toHaveLength(5);
  });
});

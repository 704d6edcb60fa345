import type { CollectionRecord, ProductRecord, ProductStatus, VariantRecord } from './types';

export interface CatalogSeed {
  readonly products: ProductRecord[];
  readonly variants: VariantRecord[];
  readonly collections: CollectionRecord[];
}

const styles = [
  'Trail',
  'Harbour',
  'Summit',
  'Meadow',
  'Coastal',
  'Nordic',
  'Urban',
  'Alpine',
  'Canyon',
  'Glacier',
  'Forest',
  'Delta',
];
const kinds = [
  { type: 'Jackets', noun: 'Jacket', sizes: ['S', 'M', 'L'], price: 120 },
  { type: 'Shoes', noun: 'Runner', sizes: ['40', '42', '44'], price: 90 },
  { type: 'Accessories', noun: 'Cap', sizes: ['Default Title'], price: 25 },
  { type: 'Bags', noun: 'Backpack', sizes: ['Default Title'], price: 70 },
];
const created = '2026-01-05T09:00:00Z';

/**
 * A brand's catalogue as one shop sees it. Shared products (same SKUs in every store of the brand) let the
 * product import find equivalents across stores; local products exist in this store only.
 */
export const seedCatalog = (
  brandName: string,
  brandCode: string,
  countryCode: string,
  priceFactor: number,
  newId: () => number,
  extraProducts = 0,
): CatalogSeed => {
  const products: ProductRecord[] = [];
  const variants: VariantRecord[] = [];
  const add = (title: string, kind: (typeof kinds)[number], skuStem: string, tags: string[], status: ProductStatus) => {
    const product: ProductRecord = {
      id: newId(),
      title,
      handle: title.toLowerCase().replaceAll(' ', '-'),
      status,
      vendor: brandName,
      productType: kind.type,
      tags,
      createdAt: created,
      updatedAt: created,
      variantIds: [],
    };
    kind.sizes.forEach((size, i) => {
      const variant: VariantRecord = {
        id: newId(),
        productId: product.id,
        title: size,
        sku: size === 'Default Title' ? skuStem : `${skuStem}-${size}`,
        barcode: null,
        price: (kind.price * priceFactor).toFixed(2),
        position: i + 1,
        inventoryQuantity: 10 + i * 5,
        createdAt: created,
        updatedAt: created,
      };
      variants.push(variant);
      product.variantIds.push(variant.id);
    });
    products.push(product);
  };
  styles.forEach((style, i) => {
    const kind = kinds[i % kinds.length]!;
    const status: ProductStatus = i === 10 ? 'DRAFT' : i === 11 ? 'ARCHIVED' : 'ACTIVE';
    add(
      `${brandName} ${style} ${kind.noun}`,
      kind,
      `${brandCode}-${String(i + 1).padStart(3, '0')}`,
      i % 3 === 0 ? ['sale', 'summer'] : ['core'],
      status,
    );
  });
  for (let i = 0; i < 4; i++) {
    const kind = kinds[(i + 2) % kinds.length]!;
    add(
      `${brandName} ${countryCode} Edition ${kind.noun} ${i + 1}`,
      kind,
      `${brandCode}-${countryCode}-${String(i + 1).padStart(3, '0')}`,
      ['local'],
      'ACTIVE',
    );
  }
  // Generated bulk for benchmarks: the first half shares SKUs with the brand's other shops, the rest is local.
  for (let i = 0; i < extraProducts; i++) {
    const kind = kinds[2 + (i % 2)]!;
    const shared = i < extraProducts / 2;
    const sku = shared ? `${brandCode}-G${i}` : `${brandCode}-${countryCode}-G${i}`;
    add(`${brandName} ${shared ? '' : `${countryCode} `}Item ${i + 1}`, kind, sku, ['generated'], 'ACTIVE');
  }
  const ids = (n: number) => products.slice(0, n).map((p) => p.id);
  const collections: CollectionRecord[] = [
    { id: newId(), title: 'Best Sellers', handle: 'best-sellers', updatedAt: created, productIds: ids(5), rules: null },
    {
      id: newId(),
      title: 'Gift Ideas',
      handle: 'gift-ideas',
      updatedAt: created,
      productIds: products.filter((p) => p.productType === 'Accessories').map((p) => p.id),
      rules: null,
    },
    {
      id: newId(),
      title: 'Jackets',
      handle: 'jackets',
      updatedAt: created,
      productIds: null,
      rules: { appliedDisjunctively: false, rules: [{ column: 'TYPE', relation: 'EQUALS', condition: 'Jackets' }] },
    },
    {
      id: newId(),
      title: 'Sale',
      handle: 'sale',
      updatedAt: created,
      productIds: null,
      rules: { appliedDisjunctively: true, rules: [{ column: 'TAG', relation: 'EQUALS', condition: 'sale' }] },
    },
  ];
  return { products, variants, collections };
};

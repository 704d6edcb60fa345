import type { ShopState } from '../state/shop-state';
import type { CollectionRecord, ProductRecord, VariantRecord } from '../state/types';
import { collectionProducts } from '../views/catalog-view';
import { isNumber, isTime, matchList, matchNumber, matchText, matchTime } from './compare';
import type { SearchSpec } from './filter';
import type { Term } from './parse';

const statuses = ['active', 'archived', 'draft', 'unlisted'];
const idOf = (t: Term) => Number(t.value.replace(/^gid:\/\/shopify\/\w+\//, ''));

export const productSearch = (shop: ShopState, now: number): SearchSpec<ProductRecord> => {
  const skus = (p: ProductRecord) => p.variantIds.map((id) => shop.variants.get(id)?.sku ?? '');
  return {
    fields: {
      title: { match: (p, t) => matchText(p.title, t.value) },
      handle: { match: (p, t) => matchList(p.handle, t) },
      sku: { match: (p, t) => matchList(skus(p), t) },
      vendor: { match: (p, t) => matchList(p.vendor, t) },
      product_type: { match: (p, t) => matchList(p.productType, t) },
      tag: { match: (p, t) => matchList(p.tags, t) },
      tag_not: { match: (p, t) => !matchList(p.tags, t) },
      status: { match: (p, t) => matchList(p.status, t), accepts: (v) => statuses.includes(v.toLowerCase()) },
      created_at: { match: (p, t) => matchTime(p.createdAt, t, now), accepts: isTime },
      updated_at: { match: (p, t) => matchTime(p.updatedAt, t, now), accepts: isTime },
      id: { match: (p, t) => matchNumber(p.id, t), accepts: isNumber },
      collection_id: {
        match: (p, t) => {
          const c = shop.collections.get(idOf(t));
          return c !== undefined && collectionProducts(shop, c).some((x) => x.id === p.id);
        },
      },
      variant_id: { match: (p, t) => p.variantIds.includes(idOf(t)) },
    },
    text: (p, value) => matchText(p.title, value) || skus(p).some((s) => matchText(s, value)),
  };
};

export const variantSearch = (shop: ShopState, now: number): SearchSpec<VariantRecord> => ({
  fields: {
    sku: { match: (v, t) => matchList(v.sku, t) },
    barcode: { match: (v, t) => matchList(v.barcode ?? '', t) },
    product_id: { match: (v, t) => v.productId === idOf(t) },
    product_status: { match: (v, t) => matchList(shop.products.get(v.productId)?.status ?? '', t) },
    title: { match: (v, t) => matchText(v.title, t.value) },
    updated_at: { match: (v, t) => matchTime(v.updatedAt, t, now), accepts: isTime },
    id: { match: (v, t) => matchNumber(v.id, t), accepts: isNumber },
  },
  text: (v, value) => matchText(v.sku, value) || matchText(v.title, value),
});

export const collectionSearch = (shop: ShopState, now: number): SearchSpec<CollectionRecord> => ({
  fields: {
    title: { match: (c, t) => matchText(c.title, t.value) },
    handle: { match: (c, t) => matchList(c.handle, t) },
    collection_type: {
      match: (c, t) => matchList(c.productIds ? 'custom' : 'smart', t),
      accepts: (v) => ['custom', 'smart'].includes(v),
    },
    product_id: { match: (c, t) => collectionProducts(shop, c).some((p) => p.id === idOf(t)) },
    updated_at: { match: (c, t) => matchTime(c.updatedAt, t, now), accepts: isTime },
    id: { match: (c, t) => matchNumber(c.id, t), accepts: isNumber },
  },
  text: (c, value) => matchText(c.title, value),
});

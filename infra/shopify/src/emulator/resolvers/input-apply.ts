import { obj, str, strList, type Args } from '../graphql/context';
import { parseGid, type GidType } from '../gid';
import { CodeBlock } from '../state/code-block';
import type { Discount, ShopState } from '../state/shop-state';
import type { ContextRecord, CustomerGetsValue, ItemsRecord, MetafieldRecord } from '../state/types';
import type { Kind } from './input-checks';

const ids = (source: Args, key: string, type: GidType): number[] =>
  (strList(source, key) ?? []).flatMap((id) => parseGid(id, type) ?? []);

const merge = (previous: readonly number[], add: number[], remove: number[]): number[] =>
  [...new Set([...previous, ...add])].filter((id) => !remove.includes(id));

/** Items input on top of the previous selection: on update, omitted fields keep their values (reference §5.2). */
const itemsFrom = (input: Args | null, previous: ItemsRecord | null): ItemsRecord | null => {
  if (!input) return previous;
  if (input.all === true) return { kind: 'all' };
  const collections = obj(input.collections);
  if (collections) {
    const before = previous?.kind === 'collections' ? previous.collectionIds : [];
    return {
      kind: 'collections',
      collectionIds: merge(before, ids(collections, 'add', 'Collection'), ids(collections, 'remove', 'Collection')),
    };
  }
  const products = obj(input.products);
  if (products) {
    const before = previous?.kind === 'products' ? previous : { productIds: [], variantIds: [] };
    return {
      kind: 'products',
      productIds: merge(
        before.productIds,
        ids(products, 'productsToAdd', 'Product'),
        ids(products, 'productsToRemove', 'Product'),
      ),
      variantIds: merge(
        before.variantIds,
        ids(products, 'productVariantsToAdd', 'ProductVariant'),
        ids(products, 'productVariantsToRemove', 'ProductVariant'),
      ),
    };
  }
  return previous;
};

const valueFrom = (input: Args | null, previous: CustomerGetsValue | null): CustomerGetsValue | null => {
  if (!input) return previous;
  if (typeof input.percentage === 'number') return { kind: 'percentage', percentage: input.percentage };
  const amount = obj(input.discountAmount);
  if (amount)
    return {
      kind: 'amount',
      amount: str(amount, 'amount') ?? '0.0',
      appliesOnEachItem: amount.appliesOnEachItem === true,
    };
  const onQuantity = obj(input.discountOnQuantity);
  if (onQuantity) {
    const effect = obj(onQuantity.effect);
    return {
      kind: 'onQuantity',
      quantity: str(onQuantity, 'quantity') ?? '1',
      effect:
        typeof effect?.percentage === 'number'
          ? { percentage: effect.percentage }
          : { amount: str(effect ?? {}, 'amount') ?? '0.0' },
    };
  }
  return previous;
};

const contextFrom = (input: Args, previous: ContextRecord): ContextRecord => {
  const context = obj(input.context) ?? obj(input.customerSelection);
  if (!context) return previous;
  const customers = strList(obj(context.customers) ?? {}, 'add');
  if (customers?.length) return { kind: 'customers', ids: customers };
  const segments = strList(obj(context.customerSegments) ?? {}, 'add');
  if (segments?.length) return { kind: 'segments', ids: segments };
  return { kind: 'all' };
};

export const metafieldsFrom = (
  shop: ShopState,
  input: Args,
  previous: MetafieldRecord[],
  nowIso: string,
): MetafieldRecord[] => {
  const raw: unknown[] = Array.isArray(input.metafields) ? input.metafields : [];
  const list = raw.flatMap((m): Args[] => {
    const o = obj(m);
    return o ? [o] : [];
  });
  const result = [...previous];
  for (const m of list) {
    const namespace = str(m, 'namespace') ?? '$app';
    const key = str(m, 'key') ?? '';
    const index = result.findIndex((x) => x.namespace === namespace && x.key === key);
    const old = index >= 0 ? result[index] : undefined;
    const record = {
      id: old?.id ?? shop.newId(),
      namespace,
      key,
      type: str(m, 'type') ?? old?.type ?? 'json',
      value: str(m, 'value') ?? '',
      createdAt: old?.createdAt ?? nowIso,
      updatedAt: nowIso,
    };
    if (index >= 0) result[index] = record;
    else result.push(record);
  }
  return result;
};

/** Builds the discount a valid create or update leaves behind; `existing` is changed in place on update. */
export const applyInput = (
  shop: ShopState,
  kind: Kind,
  input: Args,
  existing: Discount | null,
  nowIso: string,
): Discount => {
  const d: Discount = existing ?? {
    id: shop.newId(),
    type: kind,
    title: '',
    startsAt: nowIso,
    endsAt: null,
    createdAt: nowIso,
    updatedAt: nowIso,
    usageLimit: null,
    appliesOncePerCustomer: false,
    usesPerOrderLimit: null,
    recurringCycleLimit: null,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    context: { kind: 'all' },
    customerGets: null,
    customerBuys: null,
    minimumRequirement: null,
    app: null,
    metafields: [],
    tags: [],
    asyncUsageCount: 0,
    bulkAdded: false,
    codes: new CodeBlock(null, []),
  };
  d.type = kind;
  d.title = str(input, 'title') ?? d.title;
  d.startsAt = str(input, 'startsAt') ?? d.startsAt;
  if ('endsAt' in input) d.endsAt = str(input, 'endsAt');
  if ('usageLimit' in input) d.usageLimit = typeof input.usageLimit === 'number' ? input.usageLimit : null;
  if (typeof input.appliesOncePerCustomer === 'boolean') d.appliesOncePerCustomer = input.appliesOncePerCustomer;
  if ('usesPerOrderLimit' in input)
    d.usesPerOrderLimit = typeof input.usesPerOrderLimit === 'number' ? input.usesPerOrderLimit : null;
  const combines = obj(input.combinesWith);
  if (combines)
    d.combinesWith = {
      orderDiscounts: combines.orderDiscounts === true,
      productDiscounts: combines.productDiscounts === true,
      shippingDiscounts: combines.shippingDiscounts === true,
    };
  d.context = contextFrom(input, d.context);
  d.tags = strList(input, 'tags') ?? d.tags;
  const gets = obj(input.customerGets);
  if (kind !== 'app' && gets) {
    const value = valueFrom(obj(gets.value), d.customerGets?.value ?? null) ?? { kind: 'percentage', percentage: 0 };
    const items = itemsFrom(obj(gets.items), d.customerGets?.items ?? null) ?? { kind: 'all' };
    d.customerGets = {
      value,
      items,
      appliesOnOneTimePurchase: gets.appliesOnOneTimePurchase !== false,
      appliesOnSubscription: gets.appliesOnSubscription === true,
    };
  }
  const buys = obj(input.customerBuys);
  if (kind === 'bxgy' && buys) {
    const value = obj(buys.value);
    const quantity = value ? str(value, 'quantity') : null;
    d.customerBuys = {
      value: quantity !== null ? { quantity } : { amount: str(value ?? {}, 'amount') ?? '0.0' },
      items: itemsFrom(obj(buys.items), d.customerBuys?.items ?? null) ?? {
        kind: 'products',
        productIds: [],
        variantIds: [],
      },
    };
  }
  if (kind !== 'bxgy') d.customerBuys = null;
  if ('minimumRequirement' in input) {
    const min = obj(input.minimumRequirement);
    const quantity = str(obj(min?.quantity) ?? {}, 'greaterThanOrEqualToQuantity');
    const subtotal = str(obj(min?.subtotal) ?? {}, 'greaterThanOrEqualToSubtotal');
    d.minimumRequirement = quantity !== null ? { quantity } : subtotal !== null ? { subtotal } : null;
  }
  if (kind === 'app') {
    const functionId = str(input, 'functionId') ?? d.app?.functionId ?? '';
    d.app = { functionId, discountClasses: strList(input, 'discountClasses') ?? d.app?.discountClasses ?? ['ORDER'] };
    d.metafields = metafieldsFrom(shop, input, d.metafields, nowIso);
    d.customerGets = null;
  }
  d.updatedAt = nowIso;
  return d;
};

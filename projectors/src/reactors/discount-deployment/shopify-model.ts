import type { DiscountEvent } from '@dm/events';
import type { DiscountModelInput } from '@dm/shopify';
import { DeploymentProblem } from './problem';
import type { ItemKind, StoreCopy } from './store-catalog';

type Created = Extract<DiscountEvent, { type: 'DiscountCreated' }>['data'];
type Gwp = NonNullable<Created['gwp']>;

export type CatalogNeeds = Readonly<Record<ItemKind, readonly string[]>>;
export type StoreCopies = Readonly<Record<ItemKind, ReadonlyMap<string, StoreCopy>>>;

/**
 * What triggers a gift in Shopify's BXGY (`customerBuys.items` must name products or collections): the trigger
 * collection or products, else — with only a minimum cart value chosen — the discount's product scope.
 */
const gwpOf = (created: Created): Gwp => {
  if (!created.gwp) throw new DeploymentProblem('This gift with purchase has no gift settings');
  return created.gwp;
};

const gwpTrigger = (created: Created, gwp: Gwp): { kind: ItemKind; ids: readonly string[] } => {
  if (gwp.requiredType === 'collection' && gwp.requiredCollectionId)
    return { kind: 'collection', ids: [gwp.requiredCollectionId] };
  if (gwp.requiredType === 'product' && gwp.triggerProductIds.length > 0)
    return { kind: 'product', ids: gwp.triggerProductIds };
  const scope = created.productScope;
  if (scope.type === 'products' && scope.productIds.length > 0) return { kind: 'product', ids: scope.productIds };
  if (scope.type === 'collections' && scope.collectionIds.length > 0)
    return { kind: 'collection', ids: scope.collectionIds };
  throw new DeploymentProblem(
    'A gift with purchase needs trigger products or a trigger collection in Shopify (a BXGY discount names what the customer buys); this one has only a minimum cart value on all products',
  );
};

/** The catalog items (group members) whose copies every target store must have. */
export const catalogNeeds = (created: Created): CatalogNeeds => {
  if (created.discountType === 'multi') {
    const of = (kind: ItemKind) => created.rules.filter((r) => r.target.type === kind).map((r) => r.target.id);
    return { product: of('product'), collection: of('collection') };
  }
  const gwp = gwpOf(created);
  const trigger = gwpTrigger(created, gwp);
  return {
    product: [...gwp.giftProductIds, ...(trigger.kind === 'product' ? trigger.ids : [])],
    collection: trigger.kind === 'collection' ? trigger.ids : [],
  };
};

const copyOf = (copies: StoreCopies, kind: ItemKind, id: string): StoreCopy => {
  const copy = copies[kind].get(id);
  // The caller checked every need first; reaching this is a bug, not a store's gap.
  if (!copy) throw new Error(`No copy of ${kind} ${id} was resolved`);
  return copy;
};

/** The discount as this store's Shopify gets it: catalog ids replaced by the store's own Shopify ids. */
export const shopifyModel = (
  created: Created,
  target: { readonly code: string; readonly functionId: string | null; readonly copies: StoreCopies },
): DiscountModelInput => {
  const common = {
    title: created.name,
    code: target.code,
    startsAt: created.startsAt ?? created.createdAt,
    endsAt: created.endsAt,
    combinesWith: created.combinesWith,
    ourId: created.discountId,
  };
  if (created.discountType === 'multi') {
    if (!target.functionId) throw new Error('shopifyModel needs the Function id of a multi discount');
    return {
      kind: 'multi',
      ...common,
      functionId: target.functionId,
      rules: created.rules.map((rule) => {
        const shopifyId = copyOf(target.copies, rule.target.type, rule.target.id).shopifyId;
        return {
          value: rule.kind === 'percentage' ? { percentage: Number(rule.amount) } : { amount: rule.amount },
          appliesTo: rule.target.type === 'product' ? { productIds: [shopifyId] } : { collectionIds: [shopifyId] },
        };
      }),
    };
  }
  const gwp = gwpOf(created);
  const trigger = gwpTrigger(created, gwp);
  const triggerIds = trigger.ids.map((id) => copyOf(target.copies, trigger.kind, id).shopifyId);
  const giftVariantIds = gwp.giftProductIds.flatMap((id) => copyOf(target.copies, 'product', id).variantIds);
  if (giftVariantIds.length === 0) throw new DeploymentProblem('The gift products have no variants in this store');
  return {
    kind: 'gwp',
    ...common,
    trigger:
      gwp.minimumCartValue === null ? { quantity: gwp.triggerQuantity } : { minimumAmount: gwp.minimumCartValue },
    triggerItems: trigger.kind === 'collection' ? { collectionIds: triggerIds } : { productIds: triggerIds },
    giftVariantIds,
    giftQuantity: gwp.giftQuantity,
  };
};

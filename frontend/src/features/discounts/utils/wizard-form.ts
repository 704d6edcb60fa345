import { type CreateDiscountBody, createDiscountBodySchema } from '@dm/events/http';
import { z } from 'zod';

export type RuleValues = {
  targetType: 'collection' | 'product';
  targetId: string;
  targetName: string;
  discountType: 'percentage' | 'fixed';
  discountValue: string;
};

/** The wizard's fields, named as spec 001 §4–§5 names them; text inputs stay text until the body is built. */
export type WizardValues = {
  brandId: string;
  name: string;
  discountType: '' | 'multi' | 'gwp';
  description: string;
  productScopeType: 'all' | 'products' | 'collections';
  productIds: string[];
  collectionIds: string[];
  multiDiscountRules: RuleValues[];
  gwpTriggerType: 'product' | 'collection';
  gwpTriggerProductIds: string[];
  gwpTriggerCollectionId: string;
  gwpGiftProductIds: string[];
  gwpTriggerQuantity: string;
  gwpGiftQuantity: string;
  gwpMinimumCartValue: string;
  storeIds: number[];
  startDate: string;
  endDate: string;
  combinesWithOrder: boolean;
  combinesWithProduct: boolean;
  combinesWithShipping: boolean;
};

/** Spec 001 §2.6/§9: a collection rule at 10 %. */
export const defaultRule = (): RuleValues => ({
  targetType: 'collection',
  targetId: '',
  targetName: '',
  discountType: 'percentage',
  discountValue: '10',
});

export const wizardDefaults = (): WizardValues => ({
  brandId: '',
  name: '',
  discountType: '',
  description: '',
  productScopeType: 'all',
  productIds: [],
  collectionIds: [],
  multiDiscountRules: [defaultRule()],
  gwpTriggerType: 'product',
  gwpTriggerProductIds: [],
  gwpTriggerCollectionId: '',
  gwpGiftProductIds: [],
  gwpTriggerQuantity: '1',
  gwpGiftQuantity: '1',
  gwpMinimumCartValue: '',
  storeIds: [],
  startDate: '',
  endDate: '',
  combinesWithOrder: true,
  combinesWithProduct: true,
  combinesWithShipping: false,
});

/** A `datetime-local` value is the browser's local time: the server gets the instant it names. */
const instant = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local);

/** The create call's body (spec 001 §3). A multi discount skips the Products step: its scope is all products. */
export const toCreateBody = (v: WizardValues): CreateDiscountBody => {
  const combinesWith = {
    orderDiscounts: v.combinesWithOrder,
    productDiscounts: v.combinesWithProduct,
    shippingDiscounts: v.combinesWithShipping,
  };
  const multi = v.discountType === 'multi';
  const gwp = v.discountType === 'gwp';
  return {
    name: v.name,
    discountType: v.discountType as CreateDiscountBody['discountType'],
    description: v.description.trim() || null,
    brandId: Number(v.brandId),
    storeIds: v.storeIds,
    codes: [],
    productScope:
      multi || v.productScopeType === 'all'
        ? { type: 'all', productIds: [], collectionIds: [] }
        : v.productScopeType === 'products'
          ? { type: 'products', productIds: v.productIds, collectionIds: [] }
          : { type: 'collections', productIds: [], collectionIds: v.collectionIds },
    multiConfig: multi
      ? {
          discounts: v.multiDiscountRules.map((r) => ({
            target: { type: r.targetType, id: r.targetId, name: r.targetName },
            kind: r.discountType,
            amount: r.discountValue.trim(),
          })),
          tieredDiscounting: false,
          tiers: [],
          combinesWith,
        }
      : null,
    gwpConfig: gwp
      ? {
          requiredType: v.gwpTriggerType,
          triggerProducts: v.gwpTriggerType === 'product' ? v.gwpTriggerProductIds : [],
          requiredCollection: v.gwpTriggerType === 'collection' ? v.gwpTriggerCollectionId || null : null,
          giftProducts: v.gwpGiftProductIds,
          triggerQuantity: Number(v.gwpTriggerQuantity.trim() || Number.NaN),
          giftQuantity: Number(v.gwpGiftQuantity.trim() || Number.NaN),
          minimumCartValue: v.gwpMinimumCartValue.trim() || null,
          combinesWith,
        }
      : null,
    conditions: { startDate: instant(v.startDate) || null, endDate: instant(v.endDate) || null, combinesWith },
  };
};

const gwpFields: Record<string, keyof WizardValues> = {
  requiredType: 'gwpTriggerType',
  triggerProducts: 'gwpTriggerProductIds',
  requiredCollection: 'gwpTriggerCollectionId',
  giftProducts: 'gwpGiftProductIds',
  triggerQuantity: 'gwpTriggerQuantity',
  giftQuantity: 'gwpGiftQuantity',
  minimumCartValue: 'gwpMinimumCartValue',
};
const ruleFields: Record<string, keyof RuleValues> = {
  target: 'targetId',
  kind: 'discountType',
  amount: 'discountValue',
};

/** Which field of the wizard a place in the body is ('multiConfig.discounts.1.amount' → the 2nd rule's value). */
export const fieldOfBodyPath = (path: readonly PropertyKey[]): string | null => {
  const [head, second, third, fourth] = path.map(String);
  switch (head) {
    case 'name':
    case 'description':
    case 'discountType':
    case 'brandId':
    case 'storeIds':
      return head;
    case 'productScope':
      return second === 'productIds' || second === 'collectionIds' ? second : 'productScopeType';
    case 'multiConfig':
      return second === 'discounts' && third !== undefined && /^\d+$/.test(third)
        ? `multiDiscountRules.${third}.${ruleFields[fourth ?? ''] ?? 'targetId'}`
        : 'multiDiscountRules';
    case 'gwpConfig':
      return gwpFields[second ?? ''] ?? 'gwpTriggerType';
    case 'conditions':
      return second === 'startDate' || second === 'endDate' ? second : null;
    default:
      return null;
  }
};

/**
 * The form's rules are the server's own: the body the wizard would send is checked with the create call's schema
 * (spec 001 §5's messages) and each problem is put at the field it comes from.
 */
export const wizardSchema = z.custom<WizardValues>().superRefine((values, ctx) => {
  const parsed = createDiscountBodySchema.safeParse(toCreateBody(values));
  if (parsed.success) return;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = fieldOfBodyPath(issue.path);
    if (!field || seen.has(field)) continue;
    seen.add(field);
    ctx.addIssue({
      code: 'custom',
      path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: issue.message,
    });
  }
});

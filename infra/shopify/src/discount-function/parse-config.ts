// The Function's own check of its configuration, without zod: zod alone made the bundle ~762 KB, above Shopify's
// 256 KB limit on a Function module (decision 1435). It accepts exactly what `rulesConfigSchema` accepts and, like
// zod, answers a copy holding only the keys the schema names (parse-config.unit.spec.ts checks both agree).
import type { DiscountRule, RulesConfig } from './config';

const decimal = /^\d+(\.\d+)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDecimal = (value: unknown): value is string => typeof value === 'string' && decimal.test(value);

/** Every element a string (holes included: zod reads them as undefined), at least `min` of them. */
const stringsOf = (value: unknown, min: number): string[] | null => {
  if (!Array.isArray(value) || value.length < min) return null;
  const strings: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return null;
    strings.push(item);
  }
  return strings;
};

/** zod's union takes the first shape that fits, so a percentage wins over an amount given beside it. */
const valueOf = (value: unknown): DiscountRule['value'] | null => {
  if (!isRecord(value)) return null;
  const { percentage, amount } = value;
  if (typeof percentage === 'number' && Number.isFinite(percentage) && percentage > 0 && percentage <= 100)
    return { percentage };
  return isDecimal(amount) ? { amount } : null;
};

const appliesToOf = (value: unknown): DiscountRule['appliesTo'] | null => {
  if (!isRecord(value)) return null;
  if (value.all === true) return { all: true };
  const productIds = stringsOf(value.productIds, 1);
  if (productIds) return { productIds };
  const variantIds = stringsOf(value.variantIds, 1);
  if (variantIds) return { variantIds };
  const collectionIds = stringsOf(value.collectionIds, 1);
  return collectionIds ? { collectionIds } : null;
};

const ruleOf = (value: unknown): DiscountRule | null => {
  if (!isRecord(value)) return null;
  const { title, minimumSubtotal, minimumQuantity } = value;
  if (title !== undefined && (typeof title !== 'string' || title.length === 0)) return null;
  if (minimumSubtotal !== undefined && !isDecimal(minimumSubtotal)) return null;
  if (
    minimumQuantity !== undefined &&
    (typeof minimumQuantity !== 'number' || !Number.isSafeInteger(minimumQuantity) || minimumQuantity <= 0)
  )
    return null;
  const ruleValue = valueOf(value.value);
  const appliesTo = appliesToOf(value.appliesTo);
  if (!ruleValue || !appliesTo) return null;
  return {
    ...(title === undefined ? {} : { title }),
    value: ruleValue,
    appliesTo,
    ...(minimumSubtotal === undefined ? {} : { minimumSubtotal }),
    ...(minimumQuantity === undefined ? {} : { minimumQuantity }),
  };
};

/** The metafield's configuration, or null when `rulesConfigSchema` would refuse it (the Function then does nothing). */
export const parseRulesConfig = (value: unknown): RulesConfig | null => {
  if (!isRecord(value) || value.version !== 1) return null;
  if (!Array.isArray(value.rules) || value.rules.length === 0) return null;
  const rules: DiscountRule[] = [];
  for (let i = 0; i < value.rules.length; i++) {
    const rule = ruleOf(value.rules[i]);
    if (!rule) return null;
    rules.push(rule);
  }
  if (value.collectionIds === undefined) return { version: 1, rules };
  const collectionIds = stringsOf(value.collectionIds, 0);
  return collectionIds ? { version: 1, rules, collectionIds } : null;
};

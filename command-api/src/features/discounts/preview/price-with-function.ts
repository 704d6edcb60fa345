import {
  discountsOf,
  parseRulesConfig,
  type Candidate,
  type FunctionInput,
  type FunctionResult,
  type RulesConfig,
} from '@dm/shopify/discount-function';
import type { CartItem, PricedCart } from './cart';
import { toCents, toDecimal } from './money';

const lineIdOf = (index: number) => `gid://shopify/CartLine/${index + 1}`;

/**
 * The cart of the Function's input, shaped as the extension's input query asks Shopify for it: each product
 * answers `inCollections(ids: $collectionIds)` from the collection members the catalog imported in its store.
 */
const functionCartOf = (items: readonly CartItem[], config: RulesConfig): FunctionInput['cart'] => {
  const collectionIds = config.collectionIds ?? [];
  const total = items.reduce((sum, i) => sum + i.copy.priceCents * i.quantity, 0);
  return {
    lines: items.map((item, index) => ({
      id: lineIdOf(index),
      quantity: item.quantity,
      cost: { subtotalAmount: { amount: toDecimal(item.copy.priceCents * item.quantity) } },
      merchandise: {
        id: item.copy.variantId,
        product: {
          id: item.copy.shopifyId,
          inCollections: collectionIds.map((collectionId) => ({
            collectionId,
            isMember: item.copy.collectionIds.includes(collectionId),
          })),
        },
      },
    })),
    cost: { subtotalAmount: { amount: toDecimal(total) } },
  };
};

type Value = Candidate['value'];

const worthOf = (value: Value, cents: number) =>
  'percentage' in value
    ? Math.min(cents, Math.round((cents * value.percentage.value) / 100))
    : Math.min(cents, toCents(value.fixedAmount.amount));

/**
 * What Shopify does with the Function's operations: each product candidate takes its value off its line's total
 * (capped at the line), then the best order candidate off what remains of the order.
 */
export const applyOperations = (items: readonly CartItem[], result: FunctionResult): PricedCart => {
  const remaining = items.map((i) => i.copy.priceCents * i.quantity);
  const discounts: { message: string; line: number | null; cents: number }[] = [];
  for (const operation of result.operations) {
    if (!('productDiscountsAdd' in operation)) continue;
    for (const candidate of operation.productDiscountsAdd.candidates) {
      for (const target of candidate.targets) {
        if (!('cartLine' in target)) continue;
        const line = Number(target.cartLine.id.split('/').pop()) - 1;
        const cents = worthOf(candidate.value, remaining[line] ?? 0);
        remaining[line] = (remaining[line] ?? 0) - cents;
        discounts.push({ message: candidate.message, line, cents });
      }
    }
  }
  for (const operation of result.operations) {
    if (!('orderDiscountsAdd' in operation)) continue;
    const rest = remaining.reduce((a, b) => a + b, 0);
    const best = operation.orderDiscountsAdd.candidates
      .map((c) => ({ message: c.message, cents: worthOf(c.value, rest) }))
      .sort((a, b) => b.cents - a.cents)[0];
    if (best && best.cents > 0) discounts.push({ ...best, line: null });
  }
  return { items, discounts };
};

/**
 * Carts priced by the very Function Shopify runs (`infra/shopify/src/discount-function/run.ts`) with one
 * configuration: `run` checks its configuration on every cart; here the same check (`parseRulesConfig`) is made once
 * and `discountsOf`, the rest of `run`, prices each cart (decision 1436). A configuration the check refuses
 * discounts nothing, as at checkout.
 */
export const functionPricer = (config: RulesConfig | null): ((items: readonly CartItem[]) => PricedCart) => {
  const checked = config && parseRulesConfig(config);
  return (items) =>
    checked ? applyOperations(items, discountsOf(checked, functionCartOf(items, checked))) : { items, discounts: [] };
};

import type { DiscountRule, RulesConfig } from './config';
import { parseRulesConfig } from './parse-config';

/** The slice of Shopify's discount Function input we read. */
export interface CartLine {
  readonly id: string;
  readonly quantity: number;
  readonly cost: { readonly subtotalAmount: { readonly amount: string } };
  /** A custom product (not a variant of the catalog) has neither: no rule with a target matches it. */
  readonly merchandise: {
    /** `ProductVariant` or `CustomProduct` (the input query's fragment); `run` reads only the fields below. */
    readonly __typename?: string;
    readonly id?: string;
    readonly product?: {
      readonly id: string;
      readonly inCollections: readonly { readonly collectionId: string; readonly isMember: boolean }[];
    };
  };
}

export interface FunctionInput {
  readonly cart: {
    readonly lines: readonly CartLine[];
    readonly cost: { readonly subtotalAmount: { readonly amount: string } };
  };
  /** Shopify leaves `metafield` out when the discount has none. */
  readonly discount: { readonly metafield?: { readonly jsonValue: unknown } | null };
}

type Value =
  { readonly percentage: { readonly value: number } } | { readonly fixedAmount: { readonly amount: string } };

// The output's arrays are mutable, and an order candidate targets only the subtotal and a product candidate only
// lines: the schema's generated result type says so (extensions/discount-function/src/index.ts checks it).
interface CandidateOf<Target> {
  readonly message: string;
  readonly targets: Target[];
  readonly value: Value;
}
export type OrderCandidate = CandidateOf<{ readonly orderSubtotal: { readonly excludedCartLineIds: string[] } }>;
export type ProductCandidate = CandidateOf<{ readonly cartLine: { readonly id: string } }>;
export type Candidate = OrderCandidate | ProductCandidate;

export type Operation =
  | { readonly orderDiscountsAdd: { readonly candidates: OrderCandidate[]; readonly selectionStrategy: 'MAXIMUM' } }
  | { readonly productDiscountsAdd: { readonly candidates: ProductCandidate[]; readonly selectionStrategy: 'ALL' } };

export interface FunctionResult {
  readonly operations: Operation[];
}

const valueOf = (rule: DiscountRule): Value =>
  'percentage' in rule.value
    ? { percentage: { value: rule.value.percentage } }
    : { fixedAmount: { amount: rule.value.amount } };

/** Worth of a rule on an amount, to choose the best rule for a line. */
const worth = (rule: DiscountRule, amount: number): number =>
  'percentage' in rule.value ? (amount * rule.value.percentage) / 100 : Math.min(amount, Number(rule.value.amount));

const matches = (rule: DiscountRule, line: CartLine): boolean => {
  const to = rule.appliesTo;
  if ('all' in to) return true;
  const { id, product } = line.merchandise;
  if ('productIds' in to) return product !== undefined && to.productIds.includes(product.id);
  if ('variantIds' in to) return id !== undefined && to.variantIds.includes(id);
  return product?.inCollections.some((c) => c.isMember && to.collectionIds.includes(c.collectionId)) ?? false;
};

/**
 * The Function's answer for a configuration already checked by `parseRulesConfig`: what `run` does after its
 * check, for the preview, which prices many carts with one configuration and checks it once (decision 1436).
 */
export const discountsOf = (config: RulesConfig, cart: FunctionInput['cart']): FunctionResult => {
  const subtotal = Number(cart.cost.subtotalAmount.amount);
  const quantity = cart.lines.reduce((sum, l) => sum + l.quantity, 0);
  const eligible = config.rules.filter(
    (r) =>
      (r.minimumSubtotal === undefined || subtotal >= Number(r.minimumSubtotal)) &&
      (r.minimumQuantity === undefined || quantity >= r.minimumQuantity),
  );
  const message = (r: DiscountRule) =>
    r.title ?? ('percentage' in r.value ? `${r.value.percentage}% off` : `${r.value.amount} off`);
  const operations: Operation[] = [];
  const orderRules = eligible.filter((r) => 'all' in r.appliesTo);
  if (orderRules.length > 0) {
    const candidates = orderRules.map((r): OrderCandidate => ({
      message: message(r),
      targets: [{ orderSubtotal: { excludedCartLineIds: [] } }],
      value: valueOf(r),
    }));
    operations.push({ orderDiscountsAdd: { candidates, selectionStrategy: 'MAXIMUM' } });
  }
  const lineRules = eligible.filter((r) => !('all' in r.appliesTo));
  const candidates: ProductCandidate[] = [];
  for (const line of cart.lines) {
    const amount = Number(line.cost.subtotalAmount.amount);
    const best = lineRules.filter((r) => matches(r, line)).sort((a, b) => worth(b, amount) - worth(a, amount))[0];
    if (best)
      candidates.push({ message: message(best), targets: [{ cartLine: { id: line.id } }], value: valueOf(best) });
  }
  if (candidates.length > 0) operations.push({ productDiscountsAdd: { candidates, selectionStrategy: 'ALL' } });
  return { operations };
};

/**
 * The multi discount's Function: cart in, discounts out, no I/O. Rules whose minimum the cart meets apply;
 * an order-wide rule becomes an order discount (the best one wins), targeted rules discount their lines,
 * each line getting its single best rule.
 */
export const run = (input: FunctionInput): FunctionResult => {
  const config = parseRulesConfig(input.discount.metafield?.jsonValue);
  return config ? discountsOf(config, input.cart) : { operations: [] };
};

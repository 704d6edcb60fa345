import type { CreateDiscountInput, PreviewWarning } from '@dm/events/http';
import type { PreviewCatalog } from './cart';
import type { StoreExamples } from './example-carts';
import { toCents, toDecimal } from './money';

const money = (symbol: string | null, decimal: string) => `${symbol ?? ''}${decimal}`;
const ruleName = (index: number) => `Rule ${index + 1}`;

/** Lines (or whole carts) of a multi's examples that the discount makes free; Shopify stops at zero. */
const freeLines = (examples: StoreExamples, symbol: string | null): PreviewWarning[] =>
  examples.carts.flatMap((cart) =>
    cart.lines
      .filter((line, index) => toCents(line.after) <= 0 && cart.discounts.some((d) => d.line === index))
      .map((line) => ({
        code: 'free-or-negative' as const,
        message: `In the cart "${cart.name}", ${line.title} comes to ${money(symbol, '0.00')}: the customer would pay nothing for it.`,
      })),
  );

const fixedAbovePrice = (input: CreateDiscountInput, catalog: PreviewCatalog, symbol: string | null) =>
  (input.multiConfig?.discounts ?? []).flatMap((rule, index): PreviewWarning[] => {
    if (rule.kind !== 'fixed' || rule.target.type !== 'product') return [];
    const copy = catalog.products.get(rule.target.id.toLowerCase());
    if (!copy || toCents(rule.amount) <= copy.priceCents) return [];
    return [
      {
        code: 'fixed-above-price',
        message: `${ruleName(index)} takes ${money(symbol, toDecimal(toCents(rule.amount)))} off ${copy.title}, which costs ${money(symbol, toDecimal(copy.priceCents))} here.`,
      },
    ];
  });

/** Rules shadowed by another on the same target: each line gets only its single best rule. */
const neverApplies = (input: CreateDiscountInput, examples: StoreExamples): PreviewWarning[] => {
  const rules = input.multiConfig?.discounts ?? [];
  const shadowed = [...examples.examined]
    .filter((i) => !examples.applied.has(i))
    .map((i) => ({
      code: 'rule-never-applies' as const,
      message: `${ruleName(i)} (${rules[i]!.target.name}) never applies in these examples: another rule on the same product gives more, and each line gets only its best rule.`,
    }));
  const byCollection = new Map<string, number[]>();
  rules.forEach((r, i) => {
    if (r.target.type === 'collection')
      byCollection.set(r.target.id.toLowerCase(), [...(byCollection.get(r.target.id.toLowerCase()) ?? []), i]);
  });
  const sameCollection = [...byCollection.values()]
    .filter((indexes) => indexes.length > 1)
    .map((indexes) => ({
      code: 'rule-never-applies' as const,
      message: `${indexes.map(ruleName).join(' and ')} all apply to the collection ${rules[indexes[0]!]!.target.name}: each line gets only its best rule, so the others never apply to it.`,
    }));
  return [...shadowed, ...sameCollection];
};

/** What a careful colleague would say about the discount in one store, given its examples there. */
export const storeWarningsOf = (
  input: CreateDiscountInput,
  catalog: PreviewCatalog,
  examples: StoreExamples,
  symbol: string | null,
): PreviewWarning[] =>
  input.discountType === 'multi'
    ? [
        ...freeLines(examples, symbol),
        ...fixedAbovePrice(input, catalog, symbol),
        ...neverApplies(input, examples),
        ...examples.notes,
      ]
    : examples.notes;

/** Warnings of the discount as a whole: an end date in the past; order discounts it would stack with. */
export const discountWarningsOf = (
  input: CreateDiscountInput,
  now: Date,
  combinesWithOrders: boolean,
  overlapping: readonly { readonly name: string }[],
): PreviewWarning[] => {
  const warnings: PreviewWarning[] = [];
  const end = input.conditions.endDate;
  if (end && Date.parse(end) <= now.getTime())
    warnings.push({
      code: 'ends-in-past',
      message: `The end date (${end.slice(0, 16).replace('T', ' ')} UTC) is in the past: the discount would never run.`,
    });
  if (combinesWithOrders)
    for (const other of overlapping)
      warnings.push({
        code: 'combines-with-overlapping',
        message: `It combines with order discounts, and the active discount "${other.name}" names the same products: a customer could get both.`,
      });
  return warnings;
};

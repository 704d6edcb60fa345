import type { CreateDiscountInput, ExampleCart, PreviewWarning } from '@dm/events/http';
import type { DiscountRule, RulesConfig } from '@dm/shopify/discount-function';
import type { PreviewCatalog } from './cart';
import { functionPricer } from './price-with-function';
import { giftCarts } from './gift-carts';
import { collectionNote, renderCart } from './render-cart';

export interface StoreExamples {
  readonly carts: ExampleCart[];
  readonly notes: PreviewWarning[];
  /** Multi: indexes of rules whose target is in an example, and of those the Function chose somewhere. */
  readonly examined: ReadonlySet<number>;
  readonly applied: ReadonlySet<number>;
}

/** The rules as `shopifyModel` deploys them to this store (ids replaced by its copies); `title` marks each rule. */
const rulesConfigOf = (input: CreateDiscountInput, catalog: PreviewCatalog, mark: boolean): RulesConfig | null => {
  const rules = (input.multiConfig?.discounts ?? []).flatMap((rule, index): DiscountRule[] => {
    const id = rule.target.id.toLowerCase();
    const shopifyId =
      rule.target.type === 'product' ? catalog.products.get(id)?.shopifyId : catalog.collections.get(id)?.shopifyId;
    if (!shopifyId) return [];
    return [
      {
        ...(mark ? { title: `#${index}` } : {}),
        value: rule.kind === 'percentage' ? { percentage: Number(rule.amount) } : { amount: rule.amount },
        appliesTo: rule.target.type === 'product' ? { productIds: [shopifyId] } : { collectionIds: [shopifyId] },
      },
    ];
  });
  if (rules.length === 0) return null;
  const collectionIds = [
    ...new Set(rules.flatMap((r) => ('collectionIds' in r.appliesTo ? r.appliesTo.collectionIds : []))),
  ];
  return { version: 1, rules, collectionIds };
};

/** A multi: one unit of each targeted product, and one of a product the discount does not name. */
const multiCarts = (input: CreateDiscountInput, catalog: PreviewCatalog): StoreExamples => {
  const price = functionPricer(rulesConfigOf(input, catalog, false));
  const priceMarked = functionPricer(rulesConfigOf(input, catalog, true));
  const rules = input.multiConfig?.discounts ?? [];
  const carts: ExampleCart[] = [];
  const examined = new Set<number>();
  const applied = new Set<number>();
  const seen = new Set<string>();
  for (const [index, rule] of rules.entries()) {
    const id = rule.target.id.toLowerCase();
    const collection = rule.target.type === 'collection' ? catalog.collections.get(id) : undefined;
    const copy = rule.target.type === 'product' ? catalog.products.get(id) : collection?.member;
    if (!copy) continue;
    examined.add(index);
    if (seen.has(copy.catalogId)) continue;
    seen.add(copy.catalogId);
    const items = [{ copy, quantity: 1 }];
    const name = collection ? `1 × ${copy.title} (in ${collection.title})` : `1 × ${copy.title}`;
    carts.push(renderCart('targeted', name, price(items), collection?.title));
    for (const d of priceMarked(items).discounts) applied.add(Number(d.message.slice(1)));
  }
  if (catalog.untargeted) {
    const items = [{ copy: catalog.untargeted, quantity: 1 }];
    carts.push(renderCart('untargeted', `1 × ${catalog.untargeted.title} (not in the discount)`, price(items)));
  }
  const notes = rules.flatMap((r) => {
    const collection = r.target.type === 'collection' ? catalog.collections.get(r.target.id.toLowerCase()) : undefined;
    return collection && !collection.member ? [collectionNote(collection.title)] : [];
  });
  return { carts, notes: dedupe(notes), examined, applied };
};

const dedupe = (notes: PreviewWarning[]) => [...new Map(notes.map((n) => [n.message, n])).values()];

/** The example carts of a discount in one store, priced as Shopify would price them there. */
export const exampleCartsOf = (input: CreateDiscountInput, catalog: PreviewCatalog): StoreExamples =>
  input.discountType === 'multi'
    ? multiCarts(input, catalog)
    : { ...giftCarts(input, catalog), examined: new Set(), applied: new Set() };

import type { CartItem, PricedCart } from './cart';

/** A gift with purchase as the adapter configures Shopify's BXGY (`bxgyDiscountInput`). */
export interface GiftRules {
  readonly message: string;
  /** Shopify product ids whose lines count towards `customerBuys`. */
  readonly triggerProductIds: ReadonlySet<string>;
  /** Shopify collection ids whose members' lines count towards `customerBuys` (a collection trigger). */
  readonly triggerCollectionIds: ReadonlySet<string>;
  /** `customerBuys.value`: a quantity of the trigger items, or an amount spent on them (minor units). */
  readonly buys: { readonly quantity: number } | { readonly minimumCents: number };
  /** `customerGets`: these variants, this many per use, at 100 % off. */
  readonly giftVariantIds: ReadonlySet<string>;
  readonly giftQuantity: number;
}

/**
 * Shopify's buy-X-get-Y on a cart: the trigger lines' quantity (or amount) decides how many times it applies
 * (no per-order limit is set, so a quantity trigger applies once per full set); each use makes `giftQuantity`
 * units of the gift lines free, in cart order, never more units than the cart holds.
 */
export const priceWithGift = (items: readonly CartItem[], rules: GiftRules): PricedCart => {
  const triggers = items.filter(
    (i) =>
      rules.triggerProductIds.has(i.copy.shopifyId) ||
      i.copy.collectionIds.some((c) => rules.triggerCollectionIds.has(c)),
  );
  const bought = triggers.reduce((sum, i) => sum + i.quantity, 0);
  const spent = triggers.reduce((sum, i) => sum + i.quantity * i.copy.priceCents, 0);
  const uses =
    'quantity' in rules.buys ? Math.floor(bought / rules.buys.quantity) : spent >= rules.buys.minimumCents ? 1 : 0;
  let free = uses * rules.giftQuantity;
  const discounts: PricedCart['discounts'][number][] = [];
  items.forEach((item, line) => {
    if (free === 0 || !rules.giftVariantIds.has(item.copy.variantId)) return;
    const units = Math.min(free, item.quantity);
    free -= units;
    discounts.push({ message: rules.message, line, cents: units * item.copy.priceCents });
  });
  return { items, discounts };
};

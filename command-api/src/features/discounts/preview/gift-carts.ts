import type { CreateDiscountInput, ExampleCart, PreviewWarning } from '@dm/events/http';
import type { CartItem, PreviewCatalog, PricedCopy } from './cart';
import { toCents, toDecimal } from './money';
import { priceWithGift, type GiftRules } from './price-gift';
import { collectionNote, renderCart } from './render-cart';

/** What triggers the gift, as the deployment resolves it (`gwpTrigger`): trigger items, else the product scope. */
const triggerOf = (input: CreateDiscountInput): { kind: 'product' | 'collection'; ids: string[] } | null => {
  const gwp = input.gwpConfig;
  const scope = input.productScope;
  if (gwp?.requiredType === 'collection' && gwp.requiredCollection)
    return { kind: 'collection', ids: [gwp.requiredCollection] };
  if (gwp?.requiredType === 'product' && gwp.triggerProducts.length > 0)
    return { kind: 'product', ids: gwp.triggerProducts };
  if (scope.type === 'products' && scope.productIds.length > 0) return { kind: 'product', ids: scope.productIds };
  if (scope.type === 'collections' && scope.collectionIds.length > 0)
    return { kind: 'collection', ids: scope.collectionIds };
  return null;
};

const copiesOf = (ids: readonly string[], catalog: PreviewCatalog) =>
  ids.flatMap((id) => catalog.products.get(id.toLowerCase()) ?? []);
const collectionsOf = (ids: readonly string[], catalog: PreviewCatalog) =>
  ids.flatMap((id) => catalog.collections.get(id.toLowerCase()) ?? []);

/**
 * A gift with purchase: the trigger at its quantity with the gift (and one short of it), or — with a minimum
 * cart value — the trigger just under and just over it; one product it does not name, with the gift.
 */
export const giftCarts = (
  input: CreateDiscountInput,
  catalog: PreviewCatalog,
): { carts: ExampleCart[]; notes: PreviewWarning[] } => {
  const gwp = input.gwpConfig;
  const gifts = copiesOf(gwp?.giftProducts ?? [], catalog);
  const gift = gifts[0];
  const trigger = triggerOf(input);
  if (!gwp || !gift) return { carts: [], notes: [] };
  const collections = trigger?.kind === 'collection' ? collectionsOf(trigger.ids, catalog) : [];
  const triggers =
    trigger?.kind === 'product' ? copiesOf(trigger.ids, catalog) : collections.flatMap((c) => c.member ?? []);
  const minimum = gwp.minimumCartValue === null ? null : toCents(gwp.minimumCartValue);
  const rules: GiftRules = {
    message: input.name,
    triggerProductIds: new Set(trigger?.kind === 'product' ? triggers.map((t) => t.shopifyId) : []),
    triggerCollectionIds: new Set(collections.map((c) => c.shopifyId)),
    buys: minimum === null ? { quantity: gwp.triggerQuantity } : { minimumCents: minimum },
    giftVariantIds: new Set(gifts.map((g) => g.variantId)),
    giftQuantity: gwp.giftQuantity,
  };
  const withGift = (items: CartItem[]) => [...items, { copy: gift, quantity: gwp.giftQuantity }];
  // A collection trigger's carts show its first member: the heading says which collection it stands for.
  const from = collections.find((c) => c.member !== null)?.title;
  const cart = (kind: ExampleCart['kind'], name: string, items: CartItem[]) =>
    renderCart(kind, name, priceWithGift(withGift(items), rules), kind === 'untargeted' ? undefined : from);
  const carts: ExampleCart[] = [];
  const first: PricedCopy | undefined = triggers[0];
  if (first && minimum === null) {
    const q = gwp.triggerQuantity;
    carts.push(cart('trigger', `${q} × ${first.title} with the gift`, [{ copy: first, quantity: q }]));
    if (q > 1)
      carts.push(cart('under-trigger', `${q - 1} × ${first.title}: one short`, [{ copy: first, quantity: q - 1 }]));
  }
  if (first && minimum !== null && first.priceCents > 0) {
    const over = Math.max(1, Math.ceil(minimum / first.priceCents));
    const under = Math.ceil(minimum / first.priceCents) - 1;
    const label = toDecimal(minimum);
    if (under >= 1)
      carts.push(
        cart('under-minimum', `Just under ${label}: ${under} × ${first.title}`, [{ copy: first, quantity: under }]),
      );
    else carts.push(cart('under-minimum', `Under ${label}: the gift alone`, []));
    carts.push(cart('over-minimum', `${label} or more: ${over} × ${first.title}`, [{ copy: first, quantity: over }]));
  }
  if (catalog.untargeted)
    carts.push(
      cart('untargeted', `1 × ${catalog.untargeted.title} (not a trigger) with the gift`, [
        { copy: catalog.untargeted, quantity: 1 },
      ]),
    );
  const notes = collections.flatMap((c) => (c.member ? [] : [collectionNote(c.title)]));
  return { carts, notes };
};

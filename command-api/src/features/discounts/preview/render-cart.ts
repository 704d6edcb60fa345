import type { ExampleCart, ExampleCartKind, PreviewWarning } from '@dm/events/http';
import type { PricedCart } from './cart';
import { toDecimal } from './money';

export const renderCart = (
  kind: ExampleCartKind,
  name: string,
  priced: PricedCart,
  collection?: string,
): ExampleCart => {
  const lines = priced.items.map((item, index) => {
    const before = item.copy.priceCents * item.quantity;
    const off = priced.discounts.filter((d) => d.line === index).reduce((sum, d) => sum + d.cents, 0);
    return {
      title: item.copy.title,
      quantity: item.quantity,
      unitPrice: toDecimal(item.copy.priceCents),
      before: toDecimal(before),
      after: toDecimal(before - off),
    };
  });
  const before = priced.items.reduce((sum, i) => sum + i.copy.priceCents * i.quantity, 0);
  const off = priced.discounts.reduce((sum, d) => sum + d.cents, 0);
  return {
    kind,
    name,
    ...(collection === undefined ? {} : { collection }),
    lines,
    before: toDecimal(before),
    discounts: priced.discounts.map((d) => ({ message: d.message, line: d.line, amount: toDecimal(d.cents) })),
    after: toDecimal(before - off),
  };
};

export const collectionNote = (title: string): PreviewWarning => ({
  code: 'no-example',
  message: `No example cart for collection "${title}": none of its imported products is active with a price. Import the store's collections and products again if it has some.`,
});

import type { ExampleCart, ExampleCartKind } from '@dm/events/http';

/** What each example stands for; the lines below it say what is in it. */
const headings: Record<ExampleCartKind, string> = {
  targeted: 'A product the discount names',
  untargeted: 'A product it does not name',
  trigger: 'The trigger quantity, with the gift',
  'under-trigger': 'One short of the trigger, with the gift',
  'under-minimum': 'Just under the minimum cart value',
  'over-minimum': 'At or over the minimum cart value',
};

/** A product standing for a collection the discount names: the heading says so, or the product looks unnamed. */
const headingOf = (cart: ExampleCart) => {
  if (cart.collection === undefined) return headings[cart.kind];
  if (cart.kind === 'targeted') return `A product in the collection “${cart.collection}”`;
  return `${headings[cart.kind]} (from “${cart.collection}”)`;
};

/** One example cart: its lines, the discounts on them or on the order, and the total before and after. */
export function ExampleCartCard({ cart, money }: { cart: ExampleCart; money: (amount: string) => string }) {
  const changed = cart.before !== cart.after;
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm">
      <p className="font-medium" title={cart.name}>
        {headingOf(cart)}
      </p>
      <ul className="grid gap-0.5">
        {cart.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {line.quantity} × {line.title}
            </span>
            <span className="shrink-0 whitespace-nowrap tabular-nums">{money(line.before)}</span>
          </li>
        ))}
        {cart.discounts.map((d, i) => (
          <li key={`d${i}`} className="flex justify-between gap-2 text-emerald-700 dark:text-emerald-400">
            <span className="min-w-0 break-words">
              {d.message}
              {d.line === null ? ' (order)' : ` on ${cart.lines[d.line]?.title ?? 'a line'}`}
            </span>
            <span className="shrink-0 whitespace-nowrap tabular-nums">−{money(d.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-2 border-t pt-1 font-medium">
        <span>{changed ? 'Customer pays' : 'Customer pays (no discount)'}</span>
        <span className="shrink-0 whitespace-nowrap tabular-nums">
          {changed ? <s className="mr-2 font-normal text-muted-foreground">{money(cart.before)}</s> : null}
          {money(cart.after)}
        </span>
      </p>
    </li>
  );
}

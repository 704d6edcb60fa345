import type { DiscountDetail } from '@dm/events/http';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { discountStatusNames as statusWords, words } from '@/lib/glossary';
import { ruleText } from '@/lib/rule-text';
import { formatCreatedDate, formatDateTime, plural, typeLabel } from '../utils/format';

const combines = (c: DiscountDetail['combinesWith']) =>
  [c.orderDiscounts && 'order', c.productDiscounts && 'product', c.shippingDiscounts && 'shipping']
    .filter(Boolean)
    .join(', ') || 'no other';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** What the discount is and does, as configured in the wizard. */
export function DiscountSummary({ discount: d }: { discount: DiscountDetail }) {
  return (
    <section className="grid gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={d.discountType === 'gwp' ? 'default' : 'secondary'}>{typeLabel(d.discountType)}</Badge>
        <Badge variant="outline">{statusWords[d.status]}</Badge>
        <Button asChild size="sm" variant="outline" className="ml-auto">
          <Link to={`/discounts/${d.id}/codes`}>View Codes ({d.codeCount})</Link>
        </Button>
      </div>
      <dl className="grid gap-1.5">
        <Row term="Brand">{d.brandName}</Row>
        <Row term={words.firstCode}>
          <code className="rounded bg-muted px-1.5 py-0.5">{d.seedCode}</code>
        </Row>
        <Row term="Created">
          {formatCreatedDate(d.createdAt)} by {d.createdByName || d.createdByEmail || d.createdBy}
        </Row>
        <Row term="Runs">
          {d.startsAt ? formatDateTime(d.startsAt) : 'From creation'} –{' '}
          {d.endedAt
            ? `ended early on ${formatDateTime(d.endedAt)}`
            : d.endsAt
              ? formatDateTime(d.endsAt)
              : 'no end date'}
        </Row>
        {d.discountType === 'gwp' && d.gwp ? (
          <Row term="Gift">
            {plural(d.gwp.giftQuantity, 'gift')} from {plural(d.gwp.giftProductIds.length, 'product')} when{' '}
            {d.gwp.minimumCartValue !== null
              ? `the cart reaches ${d.currencySymbol ?? ''}${d.gwp.minimumCartValue}`
              : `${plural(d.gwp.triggerQuantity, 'item')} from the trigger ${d.gwp.requiredType === 'product' ? 'products' : 'collection'} are in the cart`}
          </Row>
        ) : (
          <Row term="Rules">
            <ul className="grid gap-0.5">
              {d.rules.map((r, i) => (
                <li key={i}>{ruleText(r)}</li>
              ))}
            </ul>
          </Row>
        )}
        <Row term="Combines with">{combines(d.combinesWith)} discounts</Row>
      </dl>
    </section>
  );
}

import { discountTypeNames } from '@/lib/glossary';
import type { DiscountDetail } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { formatCodeDate, plural } from '../utils/format';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const value = (d: DiscountDetail) => {
  if (d.percentage !== null) return `${d.percentage}%`;
  if (d.amount !== null) return `${d.currencySymbol ?? ''}${d.amount}`;
  return d.discountType === 'gwp' ? discountTypeNames.gwp : 'Per rule';
};

/**
 * Spec 001 §2.5: description, type, amount or percentage, brand, creator and date, the number of codes and
 * 'Deployed to N store(s)'. `codeCount` is the codes list's total when it is known.
 */
export function DiscountHeader({
  discount: d,
  codeCount,
}: {
  discount: DiscountDetail;
  codeCount: number | undefined;
}) {
  const deployed = d.deployments.filter((s) => s.status === 'deployed').length;
  // Drift (issue 13): stores whose copy differs from our log since their last sync; the detail panel says how.
  const drifted = d.deployments.filter((s) => s.drift === 'drifted').map((s) => s.storeName);
  return (
    <section aria-label="Discount" className="grid gap-3 rounded-lg border p-4 text-sm">
      {d.description ? <p className="break-words">{d.description}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact term="Type">
          <Badge variant={d.discountType === 'gwp' ? 'default' : 'secondary'}>
            {discountTypeNames[d.discountType]}
          </Badge>
        </Fact>
        <Fact term="Value">{value(d)}</Fact>
        <Fact term="Brand">{d.brandName}</Fact>
        <Fact term="Created">
          {formatCodeDate(d.createdAt)} by {d.createdByName || d.createdByEmail || d.createdBy}
        </Fact>
        <Fact term="Codes">
          {(codeCount ?? d.codeCount).toLocaleString('en')}{' '}
          <span className="text-muted-foreground">
            including the first code <code className="break-words">{d.seedCode}</code>
          </span>
        </Fact>
        <Fact term="Stores">
          {d.endedAt ? `Ended on ${formatCodeDate(d.endedAt)}` : `Deployed to ${plural(deployed, 'store')}`}
          {drifted.length > 0 ? (
            <span className="mt-1 flex flex-wrap items-center gap-1">
              <Badge variant="outline" className="border-amber-600 text-amber-800">
                Drift
              </Badge>
              <span className="text-muted-foreground">{drifted.join(', ')} differ from our discount</span>
            </span>
          ) : null}
        </Fact>
      </dl>
    </section>
  );
}

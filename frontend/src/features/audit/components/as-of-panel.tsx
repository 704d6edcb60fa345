import type { DiscountAsOf } from '@dm/events/http';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { deploymentStatusNames, discountStatusNames, discountTypeNames, words } from '@/lib/glossary';
import { useDiscountAsOf } from '../api/get-discount-as-of';
import { instantOf, localValueOf } from '../utils/as-of-input';
import { formatAt, formatValue } from '../utils/format';

function Configuration({ discount }: { discount: NonNullable<DiscountAsOf['discount']> }) {
  const rows: [string, unknown][] = [
    ['Name', discount.name],
    ['Status', discountStatusNames[discount.status]],
    ['Type', discountTypeNames[discount.discountType]],
    [words.firstCode, discount.seedCode],
    ['Starts', discount.startsAt],
    ['Ends', discount.endsAt],
    ['Created by', discount.createdByEmail],
  ];
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{formatValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function AsOfAnswer({ asOf }: { asOf: DiscountAsOf }) {
  if (asOf.discount === null)
    return <p className="text-sm text-muted-foreground">This discount did not exist yet at {formatAt(asOf.at)}.</p>;
  const codes = asOf.codes.filter((c) => !c.deleted);
  return (
    <div className="grid gap-4" data-testid="as-of-answer">
      <p className="text-sm text-muted-foreground">
        As it was at {formatAt(asOf.at)} ({asOf.eventCount} events).
      </p>
      <Configuration discount={asOf.discount} />
      <section aria-labelledby="as-of-stores" className="grid gap-1">
        <h3 id="as-of-stores" className="font-semibold">
          Live in {asOf.stores.filter((s) => s.live).length} of {asOf.stores.length} stores
        </h3>
        <ul className="grid gap-1 text-sm">
          {asOf.stores.map((s) => (
            <li key={s.storeId} className="flex flex-wrap items-center gap-2">
              <span>{s.storeName}</span>
              <Badge variant={s.live ? 'secondary' : s.status === 'failed' ? 'destructive' : 'outline'}>
                {s.live ? 'Live' : deploymentStatusNames[s.status]}
              </Badge>
              {s.reason ? <span className="text-muted-foreground">{s.reason}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="as-of-codes" className="grid gap-1">
        <h3 id="as-of-codes" className="font-semibold">
          {/* The first code is listed above: "No codes" beside it read as a contradiction. */}
          {codes.length === 0 ? 'No codes besides the first' : `Codes besides the first (${codes.length})`}
        </h3>
        <ul className="grid gap-1 text-sm">
          {codes.map((c) => (
            <li key={c.id}>
              <span className="font-mono">{c.code}</span>{' '}
              <span className="text-muted-foreground">added by {c.addedBy.email ?? c.addedBy.name}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Pick a date and time; the server folds the discount's events up to it and answers what it looked like. */
export function AsOfPanel({ discountId }: { discountId: string }) {
  const [local, setLocal] = useState(() => localValueOf(new Date()));
  const at = instantOf(local);
  const asOf = useDiscountAsOf(discountId, at);
  return (
    <section aria-label="As of" className="grid gap-4">
      <FormField id="as-of-at" label="Date and time" error={at === null ? 'Enter a date and a time.' : undefined}>
        <Input type="datetime-local" step={1} value={local} onChange={(e) => setLocal(e.target.value)} />
      </FormField>
      {at === null ? null : asOf.isPending ? (
        <ListSkeleton label="Loading the discount as it was" rows={3} rowClassName="h-10" />
      ) : asOf.isError ? (
        <LoadError title="Failed to fetch the discount as it was" query={asOf} />
      ) : (
        <AsOfAnswer asOf={asOf.data} />
      )}
    </section>
  );
}

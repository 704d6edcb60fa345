import { DriftDifferencesList } from '@/components/drift-differences';
import { Badge } from '@/components/ui/badge';
import { useStoreDrift } from '../api/get-store-drift';

/** The store card's 'Drift' badge: some of our discounts differ in this store from what our log says. */
export function StoreDriftBadge({ drifted }: { drifted: number }) {
  if (drifted === 0) return null;
  return (
    <Badge variant="outline" className="border-amber-600 text-amber-800">
      Drift
    </Badge>
  );
}

/** Which of our discounts differ in this store, and how (re-assert or accept them from the discount). */
export function StoreDrift({ storeId, drifted }: { storeId: number; drifted: number }) {
  const drift = useStoreDrift(storeId, drifted);
  if (drifted === 0) return null;
  const label = `${drifted.toLocaleString('en-US')} of our discounts differ in this store`;
  return (
    <section aria-label="Drift" className="grid gap-2 rounded-md border border-amber-600/50 bg-amber-50 p-3 text-sm">
      <p className="font-medium">{drifted === 1 ? 'One of our discounts differs in this store' : label}</p>
      {drift.isError ? (
        <p className="text-destructive">Failed to fetch what differs.</p>
      ) : (
        <ul className="grid gap-2">
          {(drift.data?.drift ?? []).map((d) => (
            <li key={d.discountId}>
              <p className="font-medium break-words">{d.discountName}</p>
              <DriftDifferencesList differences={d.differences} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

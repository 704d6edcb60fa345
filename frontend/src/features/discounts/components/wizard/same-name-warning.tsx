import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getDiscounts } from '../../api/get-discounts';
import { discountsKeys } from '../../api/query-keys';
import { formatCreatedDate } from '../../utils/format';

/** How long the name rests before it is looked up. */
const PAUSE_MS = 400;

/**
 * Another discount of the brand by the same name (case aside): not refused, as staff may mean it, but said
 * before creating, with when and by whom the other was made (issue 25).
 */
export function SameNameWarning({ brandId, name }: { brandId: number | undefined; name: string }) {
  const [settled, setSettled] = useState(name.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [name]);
  const filter = { brandId, search: settled };
  const found = useQuery({
    queryKey: [...discountsKeys.list(filter), 'same-name'],
    queryFn: () => getDiscounts(filter),
    enabled: brandId !== undefined && settled !== '',
  });
  const same = found.data?.data.filter((d) => d.name.trim().toLowerCase() === settled.toLowerCase()) ?? [];
  if (same.length === 0 || name.trim() !== settled) return null;
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 break-words">
        {same[0]?.brandName} already has {same.length === 1 ? 'a discount' : `${same.length} discounts`} named “
        {settled}” (
        {same
          .slice(0, 3)
          .map((d) => `created ${formatCreatedDate(d.createdAt)} by ${d.createdByName || d.createdBy}`)
          .join('; ')}
        ). You can still create this one; a different name keeps them apart in lists and reports.
      </p>
    </div>
  );
}

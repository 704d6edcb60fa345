import { TriangleAlert } from 'lucide-react';
import { formatCodeDate } from '../utils/format';

/**
 * Spec 001 §2.2, §2.5: codes need a deployed store. An ended discount says so instead: it is not going to be live
 * anywhere again, so waiting for a store would be a wrong promise (issue 25).
 */
export function NotDeployedBanner({ endedAt = null }: { endedAt?: string | null }) {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {endedAt
          ? `This discount ended on ${formatCodeDate(endedAt)}: its codes no longer work in any store, and no codes can be added.`
          : 'This discount is not deployed to any store yet, so codes cannot be added. Codes can be added once a store is live.'}
      </p>
    </div>
  );
}

import { TriangleAlert } from 'lucide-react';

/** Spec 001 §2.2, §2.5: codes need a deployed store. */
export function NotDeployedBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        This discount is not deployed to any store yet, so codes cannot be added. Codes can be added once a store is
        live.
      </p>
    </div>
  );
}

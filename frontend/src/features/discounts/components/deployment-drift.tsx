import type { DiscountDeployment } from '@dm/events/http';
import { DriftDifferencesList } from '@/components/drift-differences';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAcceptDrift, useDiscountDrift, useReassertDrift } from '../api/discount-drift';

/** The 'Drift' badge of a store whose copy of the discount differs from our log now. */
export function DriftBadge({ deployment }: { deployment: DiscountDeployment }) {
  if (deployment.drift !== 'drifted') return null;
  return (
    <Badge variant="outline" className="border-amber-600 text-amber-800">
      Drift
    </Badge>
  );
}

type Props = { discountId: string; deployment: DiscountDeployment; canManage: boolean };

/**
 * What differs in this store, for admins, with the two ways out: put our version back (a re-assertion the next
 * sync confirms) or keep Shopify's. A re-assertion under way or failed says so.
 */
export function DeploymentDrift({ discountId, deployment, canManage }: Props) {
  // The differences are an admin's to see and act on (the policy table); others see the badge alone.
  const shown = deployment.drift === 'drifted' && canManage;
  const drift = useDiscountDrift(discountId, shown);
  const reassert = useReassertDrift();
  const accept = useAcceptDrift();
  if (!shown) return null;
  const entry = drift.data?.drift.find((d) => d.storeId === deployment.storeId);
  if (drift.isError) return <p className="text-destructive">Failed to fetch what differs in this store.</p>;
  if (!entry) return <p className="text-muted-foreground">Loading what differs in this store…</p>;
  const input = { discountId, storeId: deployment.storeId, storeName: deployment.storeName };
  const busy = reassert.isPending || accept.isPending || entry.reassert?.state === 'requested';
  return (
    <div
      role="group"
      aria-label={`Drift in ${deployment.storeName}`}
      className="grid gap-2 rounded-md border border-amber-600/50 bg-amber-50 p-2"
    >
      <p className="font-medium">This store differs from our discount (found by its last sync):</p>
      <DriftDifferencesList differences={entry.differences} />
      {entry.reassert?.state === 'requested' ? (
        <p className="text-muted-foreground">Putting our version back…</p>
      ) : entry.reassert?.state === 'failed' ? (
        <p className="break-words text-destructive">Re-asserting failed: {entry.reassert.reason}</p>
      ) : entry.reassert?.state === 'done' ? (
        <p className="text-muted-foreground">Our version was put back; the next sync of the store confirms it.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={() => reassert.mutate(input)}>
          Re-assert our version
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => accept.mutate(input)}>
          Accept Shopify’s
        </Button>
      </div>
    </div>
  );
}

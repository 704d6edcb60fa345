import type { DiscountDeployment } from '@dm/events/http';
import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { splitShown, storeLabel } from '../utils/format';
import { HoverNote } from './hover-note';

const statusWords: Record<DiscountDeployment['status'], string> = {
  pending: 'deploying',
  deployed: 'deployed',
  failed: 'failed',
  ended: 'ended',
};

/** One store: a plain badge when deployed; pending, failed (reason on hover) and ended say so. */
function StoreBadge({ deployment, ended }: { deployment: DiscountDeployment; ended: boolean }) {
  const label = storeLabel(deployment);
  if (deployment.status === 'deployed' && ended)
    return (
      <Badge variant="outline" className="border-dashed" aria-label={`${label}: ending`}>
        <Loader2 aria-hidden="true" className="size-3 animate-spin" />
        {label}
      </Badge>
    );
  if (deployment.status === 'deployed') return <Badge variant="secondary">{label}</Badge>;
  if (deployment.status === 'failed')
    return (
      <HoverNote
        note={deployment.reason ?? 'No reason was recorded.'}
        label={`${label}: failed. ${deployment.reason ?? ''}`.trim()}
      >
        <Badge variant="destructive">{label} failed</Badge>
      </HoverNote>
    );
  if (deployment.status === 'pending')
    return (
      <Badge variant="outline" className="border-dashed" aria-label={`${label}: deploying`}>
        <Loader2 aria-hidden="true" className="size-3 animate-spin" />
        {label}
      </Badge>
    );
  return (
    <Badge variant="outline" className="text-muted-foreground line-through" aria-label={`${label}: ended`}>
      {label}
    </Badge>
  );
}

/**
 * Spec 001 §2.1: each store by country code, else name, else slug; 4 listed, then '(+N)' with the whole list
 * on hover; 'Not Deployed' when no store holds the discount and none is on its way.
 */
export function DeployedStores({
  deployments,
  ended = false,
}: {
  deployments: readonly DiscountDeployment[];
  /** An ended discount is not 'Not Deployed': its stores are ending or ended. */
  ended?: boolean;
}) {
  const { shown, more } = splitShown(deployments);
  const live = deployments.some((d) => d.status === 'deployed' || d.status === 'pending');
  const everyStore = deployments.map((d) => `${storeLabel(d)} (${statusWords[d.status]})`).join('\n');
  return (
    <div className="flex flex-wrap items-center gap-1">
      {shown.map((d) => (
        <StoreBadge key={d.storeId} deployment={d} ended={ended} />
      ))}
      {more > 0 ? (
        <HoverNote note={everyStore} label={`All stores: ${everyStore.replaceAll('\n', ', ')}`}>
          <span className="text-xs text-muted-foreground underline decoration-dotted">(+{more})</span>
        </HoverNote>
      ) : null}
      {live || ended ? null : (
        <Badge variant="outline" className="border-amber-500 text-amber-800">
          Not Deployed
        </Badge>
      )}
    </div>
  );
}

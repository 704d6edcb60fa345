import type { DiscountDeployment, DiscountDetail } from '@dm/events/http';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRetryDeployment } from '../api/retry-deployment';
import { failureFix } from '../utils/failure-fix';
import { formatDateTime, plural } from '../utils/format';
import { DeploymentDrift, DriftBadge } from './deployment-drift';

/** A store of an ended discount still shows Deployed until the reactor deactivates it: it is on its way out. */
export const isEnding = (discount: DiscountDetail, d: DiscountDeployment) =>
  discount.status === 'ended' && d.status === 'deployed' && d.reason === null;

const statusBadge = (discount: DiscountDetail, d: DiscountDeployment) => {
  if (isEnding(discount, d))
    return (
      <Badge variant="outline" className="border-dashed">
        <Spinner className="size-3" aria-hidden="true" role="presentation" />
        Ending
      </Badge>
    );
  switch (d.status) {
    case 'deployed':
      return discount.status === 'ended' ? (
        <Badge variant="destructive">Still live</Badge>
      ) : (
        <Badge variant="secondary">Deployed</Badge>
      );
    case 'pending':
      return (
        <Badge variant="outline" className="border-dashed">
          <Spinner className="size-3" aria-hidden="true" role="presentation" />
          Pending
        </Badge>
      );
    case 'failed':
      return <Badge variant="destructive">Failed</Badge>;
    case 'ended':
      return <Badge variant="outline">Ended</Badge>;
  }
};

type Props = { discount: DiscountDetail; canRetry: boolean };

/**
 * Each target store: its state, the code live there, why it failed and what fixes it, and Retry for admins when
 * a retry can succeed: never once the discount has ended, never for a failure only a person can fix (issue 25).
 */
export function StoreDeployments({ discount, canRetry }: Props) {
  const retry = useRetryDeployment();
  const deployed = discount.deployments.filter((d) => d.status === 'deployed' && !isEnding(discount, d)).length;
  const ended = discount.status === 'ended';
  return (
    <section aria-labelledby="stores-heading" className="grid gap-2">
      <h3 id="stores-heading" className="font-semibold">
        Stores{' '}
        <span className="text-sm font-normal text-muted-foreground">
          (
          {!ended
            ? `deployed to ${plural(deployed, 'store')} of ${discount.deployments.length}`
            : deployed === 0
              ? 'ended in every store'
              : `ended; still live in ${deployed} of ${discount.deployments.length}`}
          )
        </span>
      </h3>
      {discount.deployments.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not deployed to any store.</p>
      ) : (
        <ul className="grid gap-2">
          {discount.deployments.map((d) => {
            const fix = d.status === 'failed' && !ended ? failureFix(d, discount.brandId) : null;
            const retryButton = (label: string) => (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                aria-label={`${label} ${d.storeName}`}
                onClick={() => retry.mutate({ discountId: discount.id, storeId: d.storeId, storeName: d.storeName })}
              >
                {label}
              </Button>
            );
            return (
              <li key={d.storeId} aria-label={d.storeName} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{d.storeName}</span>
                  {d.countryCode ? <span className="text-muted-foreground">{d.countryCode}</span> : null}
                  {statusBadge(discount, d)}
                  <DriftBadge deployment={d} />
                  <code className="ml-auto rounded bg-muted px-1.5 py-0.5 text-xs">{d.code}</code>
                </div>
                {d.reason !== null && (d.status === 'failed' || d.status === 'deployed') ? (
                  <p className="break-words text-destructive">{d.reason}</p>
                ) : d.status === 'failed' ? (
                  <p className="text-destructive">No reason was recorded.</p>
                ) : null}
                {fix?.kind === 'link' ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span>
                      Import the {fix.itemKind} into {d.storeName}, or link its copy there, then retry.
                    </span>
                    <Button asChild size="sm" variant="outline">
                      <Link to={fix.href}>Find “{fix.name}” in Products</Link>
                    </Button>
                    {canRetry ? retryButton('Retry') : null}
                  </div>
                ) : fix?.kind === 'none' ? (
                  <p className="text-muted-foreground">
                    Retrying would fail the same way: this needs a change first (see the reason above).
                  </p>
                ) : null}
                {ended ? null : <DeploymentDrift discountId={discount.id} deployment={d} canManage={canRetry} />}
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <span>
                    {plural(d.attempts, 'attempt')}, last change {formatDateTime(d.updatedAt)}
                  </span>
                  {canRetry && fix?.kind === 'retry' ? <span className="ml-auto">{retryButton('Retry')}</span> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import type { DiscountDeployment, DiscountDetail } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRetryDeployment } from '../api/retry-deployment';
import { formatDateTime, plural } from '../utils/format';
import { DeploymentDrift, DriftBadge } from './deployment-drift';

const statusBadge = (d: DiscountDeployment) => {
  switch (d.status) {
    case 'deployed':
      return <Badge variant="secondary">Deployed</Badge>;
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

/** Each target store: its state, the code live there, why it failed, and Retry for admins. */
export function StoreDeployments({ discount, canRetry }: { discount: DiscountDetail; canRetry: boolean }) {
  const retry = useRetryDeployment();
  const deployed = discount.deployments.filter((d) => d.status === 'deployed').length;
  return (
    <section aria-labelledby="stores-heading" className="grid gap-2">
      <h3 id="stores-heading" className="font-semibold">
        Stores{' '}
        <span className="text-sm font-normal text-muted-foreground">
          (deployed to {plural(deployed, 'store')} of {discount.deployments.length})
        </span>
      </h3>
      {discount.deployments.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not deployed to any store.</p>
      ) : (
        <ul className="grid gap-2">
          {discount.deployments.map((d) => (
            <li key={d.storeId} aria-label={d.storeName} className="grid gap-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{d.storeName}</span>
                {d.countryCode ? <span className="text-muted-foreground">{d.countryCode}</span> : null}
                {statusBadge(d)}
                <DriftBadge deployment={d} />
                <code className="ml-auto rounded bg-muted px-1.5 py-0.5 text-xs">{d.code}</code>
              </div>
              {d.status === 'failed' ? (
                <p className="break-words text-destructive">{d.reason ?? 'No reason was recorded.'}</p>
              ) : null}
              <DeploymentDrift discountId={discount.id} deployment={d} canManage={canRetry} />
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>
                  {plural(d.attempts, 'attempt')}, last change {formatDateTime(d.updatedAt)}
                </span>
                {canRetry && d.status === 'failed' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="ml-auto"
                    disabled={retry.isPending}
                    aria-label={`Retry ${d.storeName}`}
                    onClick={() =>
                      retry.mutate({ discountId: discount.id, storeId: d.storeId, storeName: d.storeName })
                    }
                  >
                    Retry
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { notConnectedAdvice, type StoreListItem } from '@dm/events/http';
import { AlertTriangle, Play, RefreshCw, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/glossary';
import { useSyncStatus } from '../api/get-sync-status';
import { useTriggerSync } from '../api/trigger-sync';
import {
  errorDetails,
  formatLastSync,
  isStalled,
  statusFailure,
  statusLabel,
  type DisplayStatus,
} from '../utils/sync-view';
import { StoreDrift, StoreDriftBadge } from './store-drift';
import { SyncProgress } from './sync-progress';

const badgeVariant = (status: DisplayStatus) =>
  status === 'idle' ? 'secondary' : status === 'syncing' ? 'default' : 'destructive';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** One store (spec §2.7): its status, facts, actions, the stalled warning, error details and the progress bar. */
export function StoreSyncCard({ store }: { store: StoreListItem }) {
  const status = useSyncStatus(store.id);
  // Spec §4: starting a sync marks the store in progress locally until the status refresh shows it.
  const [startedLocally, setStartedLocally] = useState(false);
  const trigger = useTriggerSync(store.id, { onSuccess: () => setStartedLocally(true) });
  const data = status.data;
  useEffect(() => {
    if (data?.syncStatus === 'syncing') setStartedLocally(false);
  }, [data?.syncStatus, data?.updatedAt]);

  const displayStatus: DisplayStatus = status.isError
    ? 'error'
    : startedLocally
      ? 'syncing'
      : (data?.syncStatus ?? 'idle');
  const stalled = data !== undefined && !startedLocally && isStalled(data, Date.now());
  const busy = displayStatus === 'syncing' && !stalled;
  const errorText = status.isError
    ? statusFailure(status.error)
    : data?.syncStatus === 'failed'
      ? data.errorMessage
      : null;
  const send = (incremental: boolean) => trigger.mutate({ storeId: store.id, storeName: store.name, incremental });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="leading-none font-semibold break-words">{store.name}</h2>
          <p className="text-sm break-words text-muted-foreground">{store.shopifyDomain}</p>
        </div>
        <div className="flex gap-2">
          <StoreDriftBadge drifted={data?.driftedDiscounts ?? 0} />
          {store.connected ? (
            <Badge variant={badgeVariant(displayStatus)}>{stalled ? 'Stalled' : statusLabel(displayStatus)}</Badge>
          ) : (
            <Badge variant="destructive">{words.notConnected}</Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton role="status" aria-label={`Loading the sync status of ${store.name}`} className="h-12 w-full" />
        ) : (
          // The status is the badge's alone: a 'Status' fact here said 'Ready' a second time on every card.
          <dl className="grid grid-cols-3 gap-3">
            <Fact label="Last Sync">{formatLastSync(data?.lastSyncAt ?? null)}</Fact>
            <Fact label="Total Codes">{(data?.totalCodesImported ?? 0).toLocaleString('en-US')}</Fact>
            <Fact label="Cache Status">{(data?.totalCodesImported ?? 0) > 0 ? 'Active' : 'Empty'}</Fact>
          </dl>
        )}
        <StoreDrift storeId={store.id} drifted={data?.driftedDiscounts ?? 0} />
        {busy ? <SyncProgress status={startedLocally ? undefined : data} /> : null}
        {stalled ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-50 p-3 text-sm"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            This sync has had no update for more than 5 minutes. Resume it to continue from where it stopped.
          </p>
        ) : null}
        {errorText ? (
          <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
            <p className="font-medium text-destructive">Error details</p>
            <ul className="list-disc pl-5">
              {errorDetails(errorText).map((detail) => (
                <li key={detail} className="break-words">
                  {detail}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {store.connected ? null : (
          <p className="rounded-md bg-muted p-3 text-sm break-words">{notConnectedAdvice(store.name)}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {stalled ? (
            <Button onClick={() => send(false)} disabled={trigger.isPending}>
              <RotateCw /> Resume Sync
            </Button>
          ) : (
            <Button
              onClick={() => send(false)}
              disabled={!store.connected || busy || trigger.isPending || status.isPending}
            >
              <Play /> Full Sync
            </Button>
          )}
          {data?.lastSyncAt && !stalled ? (
            <Button
              variant="outline"
              onClick={() => send(true)}
              disabled={!store.connected || busy || trigger.isPending}
            >
              <RefreshCw /> Incremental Update
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

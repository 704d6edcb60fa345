import { screenNames } from '@/lib/glossary';
import type { StoreListItem } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { usePageTitle } from '@/lib/use-page-title';
import { StoreSyncCard } from './store-sync-card';

/** Code Synchronization (spec §2.7): one card per store of the caller's brands. */
export function CodeSyncScreen({ stores }: { stores: UseQueryResult<StoreListItem[]> }) {
  usePageTitle(screenNames['/code-sync']);
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{screenNames['/code-sync']}</h1>
        <p className="text-muted-foreground">Sync discount codes from each store, and keep them current.</p>
      </div>
      {stores.isPending ? <ListSkeleton label="Loading stores" rowClassName="h-48" /> : null}
      {stores.isError ? <LoadError title="Failed to fetch stores" query={stores} /> : null}
      {stores.isSuccess && stores.data.length === 0 ? (
        <div className="rounded-md border p-8 text-center">
          <p className="font-medium">No Stores Available</p>
          <p className="text-sm text-muted-foreground">Stores of your brands appear here once they are added.</p>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {(stores.data ?? []).map((store) => (
          <StoreSyncCard key={store.id} store={store} />
        ))}
      </div>
    </section>
  );
}

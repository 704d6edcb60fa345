import type { Brand } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useCountries } from '../api/get-countries';
import { useStores } from '../api/get-stores';
import { useSetStoreActive } from '../api/update-store';
import { groupStoresByBrand } from '../utils/group-by';
import { AddStoreDialog } from './add-store-dialog';
import { LoadFailed } from './load-failed';

export function StoresTab({ brands }: { brands: readonly Brand[] }) {
  const stores = useStores();
  const countries = useCountries();
  const toggle = useSetStoreActive();

  return (
    <section className="space-y-4" aria-label="Stores">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-semibold">Stores</h2>
        <AddStoreDialog brands={brands} countries={countries.data ?? []} />
      </div>
      {stores.isPending ? (
        <Spinner />
      ) : stores.isError ? (
        <LoadFailed error={stores.error} />
      ) : stores.data.length === 0 ? (
        <p className="text-muted-foreground">No stores configured yet. Add your first store to get started.</p>
      ) : (
        groupStoresByBrand(stores.data, brands).map((group) => (
          <div key={group.key} className="space-y-2">
            <h3 className="font-semibold">{group.title}</h3>
            <div className="grid gap-3 md:grid-cols-2">
              {group.items.map((store) => (
                <Card key={store.id} className="py-4" data-testid={`store-${store.urlSlug}`}>
                  <CardContent className="flex items-center justify-between gap-4">
                    <div className="min-w-0 space-y-1">
                      <p className="font-medium">{store.urlSlug}</p>
                      <p className="truncate text-sm text-muted-foreground">{store.shopifyDomain}</p>
                      <div className="flex gap-2">
                        <Badge variant="outline">
                          {store.countryCode} · {store.regionCode}
                        </Badge>
                        <Badge variant={store.isActive ? 'default' : 'secondary'}>
                          {store.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </div>
                    </div>
                    <label className="flex items-center gap-2 text-sm">
                      Active
                      <Switch
                        checked={store.isActive}
                        disabled={toggle.isPending}
                        aria-label={`Active: ${store.urlSlug}`}
                        onCheckedChange={(isActive) => toggle.mutate({ id: store.id, isActive })}
                      />
                    </label>
                  </CardContent>
                </Card>
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

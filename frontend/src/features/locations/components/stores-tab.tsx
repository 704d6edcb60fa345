import type { Brand } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useCountries } from '../api/get-countries';
import { useStores } from '../api/get-stores';
import { useSetStoreActive } from '../api/update-store';
import { groupStoresByBrand } from '../utils/group-by';
import { AddStoreDialog } from './add-store-dialog';
import { EditStoreDialog } from './edit-store-dialog';
import { HistoryAction } from '@/components/audit-slots';

export function StoresTab({ brands }: { brands: UseQueryResult<Brand[]> }) {
  const stores = useStores();
  const countries = useCountries();
  const toggle = useSetStoreActive();
  const brandList = brands.data ?? [];
  const countryList = countries.data ?? [];

  return (
    <section className="space-y-4" aria-label="Stores">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Stores</h2>
        <AddStoreDialog
          brands={brandList}
          countries={countryList}
          disabled={!brands.isSuccess || !countries.isSuccess}
        />
      </div>
      {brands.isError ? <LoadError title="Could not load your brands" query={brands} /> : null}
      {countries.isError ? <LoadError title="Could not load the countries" query={countries} /> : null}
      {stores.isPending ? (
        <ListSkeleton label="Loading stores" rowClassName="h-28" />
      ) : stores.isError ? (
        <LoadError title="Could not load the stores" query={stores} />
      ) : stores.data.length === 0 ? (
        <p className="text-muted-foreground">No stores configured yet. Add your first store to get started.</p>
      ) : (
        groupStoresByBrand(stores.data, brandList).map((group) => (
          <div key={group.key} className="space-y-2">
            <h3 className="font-semibold">{group.title}</h3>
            <div className="grid gap-3 md:grid-cols-2">
              {group.items.map((store) => (
                <Card key={store.id} className="py-4" data-testid={`store-${store.urlSlug}`}>
                  <CardContent className="flex items-center justify-between gap-3">
                    <div className="min-w-0 space-y-1">
                      <p className="font-medium break-all">{store.urlSlug}</p>
                      <p className="text-sm break-all text-muted-foreground">{store.shopifyDomain}</p>
                      <div className="flex flex-wrap gap-2">
                        <Badge variant="outline" title={`${store.countryName}, ${store.regionName}`}>
                          {store.countryCode} · {store.regionCode}
                        </Badge>
                        <Badge variant={store.isActive ? 'default' : 'secondary'}>
                          {store.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </div>
                    </div>
                    <div className="flex shrink-0 items-center gap-1">
                      <label className="flex items-center gap-2 text-sm">
                        Active
                        <Switch
                          checked={store.isActive}
                          disabled={toggle.isPending}
                          aria-label={`Active: ${store.urlSlug}`}
                          onCheckedChange={(isActive) => toggle.mutate({ id: store.id, name: store.name, isActive })}
                        />
                      </label>
                      <EditStoreDialog store={store} countries={countryList} disabled={!countries.isSuccess} />
                      <HistoryAction entity={`store:${store.id}`} title={store.name} />
                    </div>
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

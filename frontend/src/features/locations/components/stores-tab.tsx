import type { Brand } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { useCountries } from '../api/get-countries';
import { useStores } from '../api/get-stores';
import { groupStoresByBrand } from '../utils/group-by';
import { AddStoreDialog } from './add-store-dialog';
import { StoreCard } from './store-card';

export function StoresTab({ brands }: { brands: UseQueryResult<Brand[]> }) {
  const stores = useStores();
  const countries = useCountries();
  const brandList = brands.data ?? [];
  const countryList = countries.data ?? [];

  return (
    <section className="space-y-4" aria-label="Stores">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The tab above names it already; the heading stays for screen readers. */}
        <h2 className="sr-only">Stores</h2>
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
                <StoreCard key={store.id} store={store} countries={countryList} countriesLoaded={countries.isSuccess} />
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

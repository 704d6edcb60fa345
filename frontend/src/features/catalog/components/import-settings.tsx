import type { Brand, StoreListItem } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-state';
import { OptionSelect } from '@/components/option-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ImportButton } from './import-button';

type Props = {
  brands: UseQueryResult<Brand[]>;
  brandId: number | undefined;
  onBrandChange: (brandId: number) => void;
  stores: UseQueryResult<StoreListItem[]>;
  storeId: number | undefined;
  onStoreChange: (storeId: number) => void;
};

/** A select once its options have loaded; a grey block of the same size until then. */
function Choice({
  id,
  label,
  loading,
  children,
}: {
  id: string;
  label: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {loading ? (
        <Skeleton role="status" aria-label={`Loading ${label.toLowerCase()}s`} className="h-9 w-full" />
      ) : (
        children
      )}
    </div>
  );
}

/**
 * Spec §2.7 Import Settings: the brand and one of its stores, then import that store's products or collections.
 * While the brands or stores load, the selects are grey and the imports disabled; nothing claims 'No stores'.
 */
export function ImportSettings({ brands, brandId, onBrandChange, stores, storeId, onStoreChange }: Props) {
  const brandList = brands.data ?? [];
  const storeList = stores.data ?? [];
  const storesLoading = brandId !== undefined && stores.isPending;
  const target = { brandId, storeId, storeName: storeList.find((s) => s.id === storeId)?.name };
  const ready = brandId !== undefined && storeId !== undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import Settings</CardTitle>
        <CardDescription>Import products and collections from a store of the brand.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {brands.isError ? <LoadError title="Could not load your brands" query={brands} /> : null}
        {stores.isError ? <LoadError title="Could not load the brand's stores" query={stores} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice id="import-brand" label="Brand" loading={brands.isPending}>
            <OptionSelect
              id="import-brand"
              value={brandId === undefined ? '' : String(brandId)}
              onValueChange={(value) => onBrandChange(Number(value))}
              placeholder={brands.isSuccess && brandList.length === 0 ? 'You have no brands' : 'Select a brand'}
              disabled={brandList.length === 0}
              options={brandList.map((brand) => ({ value: String(brand.id), label: brand.name }))}
            />
          </Choice>
          <Choice id="import-store" label="Store" loading={brands.isPending || storesLoading}>
            <OptionSelect
              id="import-store"
              value={storeId === undefined ? '' : String(storeId)}
              onValueChange={(value) => onStoreChange(Number(value))}
              placeholder={stores.isSuccess && storeList.length === 0 ? 'This brand has no stores' : 'Select a store'}
              disabled={storeList.length === 0}
              options={storeList.map((store) => ({
                value: String(store.id),
                label: `${store.name} (${store.urlSlug})`,
              }))}
            />
          </Choice>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <ImportButton kind="products" target={target} disabled={!ready} />
          <ImportButton kind="collections" target={target} disabled={!ready} />
        </div>
      </CardContent>
    </Card>
  );
}

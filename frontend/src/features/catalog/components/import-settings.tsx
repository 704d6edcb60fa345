import type { Brand, StoreListItem } from '@dm/events/http';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { ImportButton } from './import-button';

type Props = {
  brands: readonly Brand[];
  brandId: number | undefined;
  onBrandChange: (brandId: number) => void;
  stores: readonly StoreListItem[];
  storeId: number | undefined;
  onStoreChange: (storeId: number) => void;
};

/** Spec §2.7 Import Settings: the brand and one of its stores, then import that store's products or collections. */
export function ImportSettings({ brands, brandId, onBrandChange, stores, storeId, onStoreChange }: Props) {
  const brandField = useId();
  const storeField = useId();
  const target = { brandId, storeId };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import Settings</CardTitle>
        <CardDescription>Import products and collections from a store of the brand.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={brandField}>Brand</Label>
            <NativeSelect
              id={brandField}
              value={brandId ?? ''}
              onChange={(event) => onBrandChange(Number(event.target.value))}
            >
              {brandId === undefined ? <NativeSelectOption value="">No brands</NativeSelectOption> : null}
              {brands.map((brand) => (
                <NativeSelectOption key={brand.id} value={brand.id}>
                  {brand.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={storeField}>Store</Label>
            <NativeSelect
              id={storeField}
              value={storeId ?? ''}
              onChange={(event) => onStoreChange(Number(event.target.value))}
            >
              {storeId === undefined ? <NativeSelectOption value="">No stores</NativeSelectOption> : null}
              {stores.map((store) => (
                <NativeSelectOption key={store.id} value={store.id}>
                  {store.name} ({store.urlSlug})
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap gap-6">
          <ImportButton kind="products" target={target} />
          <ImportButton kind="collections" target={target} />
        </div>
      </CardContent>
    </Card>
  );
}

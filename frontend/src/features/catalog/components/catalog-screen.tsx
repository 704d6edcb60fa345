import { screenNames } from '@/lib/glossary';
import type { Brand, StoreListItem } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListSkeleton } from '@/components/load-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { CatalogTab } from './catalog-tab';
import { collectionsTab, productsTab } from './catalog-tabs';
import { ImportSettings } from './import-settings';

type Props = {
  brands: UseQueryResult<Brand[]>;
  brandId: number | undefined;
  onBrandChange: (brandId: number) => void;
  /** The chosen brand's stores. */
  stores: UseQueryResult<StoreListItem[]>;
};

/** The Products screen: product and collection management (spec §2.7). The store choice falls back to the brand's first store. */
export function CatalogScreen({ brands, brandId, onBrandChange, stores }: Props) {
  usePageTitle(screenNames['/products']);
  const [params] = useSearchParams();
  const [storeChoice, setStoreChoice] = useState<number>();
  const storeList = stores.data ?? [];
  const storeId = storeList.some((s) => s.id === storeChoice) ? storeChoice : storeList[0]?.id;

  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{screenNames['/products']}</h1>
        <p className="text-muted-foreground">
          Each store's products and collections, and which of them are available for discount.
        </p>
      </div>
      <ImportSettings
        brands={brands}
        brandId={brandId}
        onBrandChange={onBrandChange}
        stores={stores}
        storeId={storeId}
        onStoreChange={setStoreChoice}
      />
      {brands.isPending ? <ListSkeleton label="Loading the catalog" rows={4} rowClassName="h-24" /> : null}
      {brandId === undefined ? null : (
        <Tabs defaultValue={params.get('tab') === 'collections' ? 'collections' : 'products'}>
          <TabsList>
            <TabsTrigger value="products">Products</TabsTrigger>
            <TabsTrigger value="collections">Collections</TabsTrigger>
          </TabsList>
          <TabsContent value="products">
            <CatalogTab key={brandId} tab={productsTab} brandId={brandId} />
          </TabsContent>
          <TabsContent value="collections">
            <CatalogTab key={brandId} tab={collectionsTab} brandId={brandId} />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

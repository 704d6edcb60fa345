import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { CatalogScreen } from '@/features/catalog/components/catalog-screen';
import { useStores } from '@/features/locations/api/get-stores';

/**
 * /product-management and /products (admin, guarded by the router): composes the caller's brands, the stores
 * of the chosen brand (first of each by default) and the catalog feature.
 */
export function ProductManagementRoute() {
  const brands = useUserBrands();
  const [params] = useSearchParams();
  const [brandChoice, setBrandChoice] = useState<number | undefined>(Number(params.get('brandId')) || undefined);
  const list = brands.data ?? [];
  const brandId = list.some((b) => b.id === brandChoice) ? brandChoice : list[0]?.id;
  const stores = useStores({ enabled: brandId !== undefined, ...(brandId === undefined ? {} : { brandId }) });
  return <CatalogScreen brands={brands} brandId={brandId} onBrandChange={setBrandChoice} stores={stores} />;
}

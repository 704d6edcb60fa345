import { useState } from 'react';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { CreateDiscountWizard } from '@/features/discounts/components/wizard/create-discount-wizard';
import { useStores } from '@/features/locations/api/get-stores';

/**
 * /discounts/create and /create-discount (admin, guarded by the router): the caller's own brands (a foreign one
 * would be refused), and the stores of the brand chosen in step 1.
 */
export function CreateDiscountRoute() {
  const brands = useUserBrands();
  const [brandId, setBrandId] = useState<number>();
  const stores = useStores({ enabled: brandId !== undefined, ...(brandId === undefined ? {} : { brandId }) });
  return (
    <CreateDiscountWizard brands={brands} stores={brandId === undefined ? null : stores} onBrandChange={setBrandId} />
  );
}

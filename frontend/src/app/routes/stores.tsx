import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { LocationsScreen } from '@/features/locations/components/locations-screen';

/** /stores (super admins, by the policy table): composes the caller's brands and the locations feature. */
export function StoresRoute() {
  const brands = useUserBrands();
  return <LocationsScreen brands={brands} />;
}

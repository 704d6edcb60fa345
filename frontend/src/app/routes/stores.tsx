import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { LocationsScreen } from '@/features/locations/components/locations-screen';

/** /stores: composes the session, the caller's brands (store groups, brand select) and the locations feature. */
export function StoresRoute() {
  const { user } = useCurrentUser();
  const canManage = user?.permissionLevel === 'super_admin';
  const brands = useUserBrands({ enabled: canManage });
  return <LocationsScreen canManage={canManage} brands={brands} />;
}

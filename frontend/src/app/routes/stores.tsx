import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { StoresScreen } from '@/features/stores/components/stores-screen';

/** /stores: composes the session, the caller's brands (store groups, brand select) and the stores feature. */
export function StoresRoute() {
  const { user } = useCurrentUser();
  const canManage = user?.permissionLevel === 'super_admin';
  const brands = useUserBrands({ enabled: canManage });
  return <StoresScreen canManage={canManage} brands={brands.data ?? []} />;
}

import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { UserManagement } from '@/features/users/components/user-management';

/** /users (manager and above, guarded by the router): the viewer's level and own brands drive what is offered. */
export function UsersRoute() {
  const { user } = useCurrentUser();
  const brands = useUserBrands();
  if (!user) return null;
  return <UserManagement viewer={user.permissionLevel} brands={brands} />;
}

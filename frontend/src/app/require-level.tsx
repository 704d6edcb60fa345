import { hasLevel, type PermissionLevel } from '@dm/events/http';
import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';

/** Spec §2.1: a signed-in user below the route's level is sent to /discounts. */
export function RequireLevel({ level }: { level: PermissionLevel }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (!hasLevel(user.permissionLevel, level)) return <Navigate to="/discounts" replace />;
  return <Outlet />;
}

import { hasLevel, type PermissionLevel, type screenPolicy } from '@dm/events/http';
import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NotAllowed } from './routes/not-allowed';

/**
 * Spec §2.1's guard. The home page sends those below it to /discounts, their own start page; any other screen
 * says why it is closed to them and where to go instead, rather than redirecting without a word (issue 25).
 */
export function RequireLevel({ level, path }: { level: PermissionLevel; path: keyof typeof screenPolicy }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (hasLevel(user.permissionLevel, level)) return <Outlet />;
  if (path === '/') return <Navigate to="/discounts" replace />;
  return <NotAllowed path={path} needs={level} has={user.permissionLevel} />;
}

import { Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NavBar } from '@/features/navigation/components/nav-bar';
import { Landing } from './routes/landing';

/**
 * Spec §2.1: a spinner while the session loads; signed out, every known route shows the landing page
 * (sign-in then returns to the same deep link); signed in, the navigation bar and the screen.
 */
export function SessionGate() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!user) return <Landing />;
  return (
    <div className="min-h-screen bg-background">
      <NavBar user={user} />
      <main className="mx-auto max-w-7xl p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}

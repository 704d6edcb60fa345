import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { Landing } from './routes/landing';
import { PageLoading } from './routes/page-loading';

export const loadSignedInShell = () => import('./signed-in-shell');
const SignedInShell = lazy(loadSignedInShell);

/**
 * Spec §2.1: a spinner while the session loads; signed out, every known route shows the landing page
 * (sign-in then returns to the same deep link); signed in, the navigation bar and the screen.
 */
export function SessionGate() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (!user) return <Landing />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInShell user={user} />
    </Suspense>
  );
}

import { type CurrentUser, currentUserSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './query-keys';

/** `null` means signed out: the server answered 401 (spec §4, no retry). */
export const getCurrentUser = (): Promise<CurrentUser | null> =>
  api.getOrNull('/api/auth/user', { schema: currentUserSchema });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.currentUser(), queryFn: getCurrentUser, retry: false });

/** Any failure counts as signed out, so callers only see a user, `null`, or "still loading". */
export const useCurrentUser = (): { user: CurrentUser | null; isLoading: boolean } => {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
};

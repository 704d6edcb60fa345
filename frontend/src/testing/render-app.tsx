import type { CurrentUser, PermissionLevel } from '@dm/events/http';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { authKeys } from '@/features/auth/api/query-keys';
import { createQueryClient } from '@/lib/query-client';

export const aUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u-1',
  email: 'ada@demo.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  permissionLevel: 'user',
  ...overrides,
});

export const userAt = (permissionLevel: PermissionLevel): CurrentUser => aUser({ permissionLevel });

/** Renders the real route table at `path` with the session already known (`null` = signed out). */
export const renderApp = (path: string, session: CurrentUser | null) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.currentUser(), session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
};

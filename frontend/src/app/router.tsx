import { screenPolicy } from '@dm/events/http';
import { createBrowserRouter, type IndexRouteObject, type RouteObject } from 'react-router-dom';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { queryClient } from '@/lib/query-client';
import { RequireLevel } from './require-level';
import { NotFound } from './routes/not-found';
import { lazy, Suspense } from 'react';
import { PageLoading } from './routes/page-loading';
import { RouteError } from './routes/route-error';
import { loadSignedInShell, SessionGate } from './session-gate';

type ScreenPath = keyof typeof screenPolicy;

const DashboardRoute = lazy(async () => ({ default: (await import('./routes/dashboard')).DashboardRoute }));
const Dashboard = () => (
  <Suspense fallback={<PageLoading />}>
    <DashboardRoute />
  </Suspense>
);

/** Every screen sits behind the guard for its level from the shared policy table (spec §2.1). */
const screen = (path: ScreenPath, child: Omit<IndexRouteObject, 'index'>): RouteObject => ({
  path,
  element: <RequireLevel level={screenPolicy[path]} path={path} />,
  children: [{ ...child, index: true }],
});

// Each screen's code is fetched the first time its route is visited, so neither the landing page nor a first
// signed-in page downloads the others (decision 0220). The router loads it before it renders the route. A
// function, not the object form: React Router empties a lazy object once loaded, and routes and routers share these.
const productManagement = async () => ({
  Component: (await import('./routes/product-management')).ProductManagementRoute,
});
const users = async () => ({ Component: (await import('./routes/users')).UsersRoute });
const stores = async () => ({ Component: (await import('./routes/stores')).StoresRoute });
const discounts = async () => ({ Component: (await import('./routes/discounts')).DiscountsRoute });
const createDiscount = async () => ({ Component: (await import('./routes/create-discount')).CreateDiscountRoute });
const codeSync = async () => ({ Component: (await import('./routes/code-sync')).CodeSyncRoute });
const syncedCodes = async () => ({ Component: (await import('./routes/synced-codes')).SyncedCodesRoute });
const discountCodes = async () => ({ Component: (await import('./routes/discount-codes')).DiscountCodesRoute });
const audit = async () => ({ Component: (await import('./routes/audit')).AuditRoute });

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    // Shown while the first visited screen's code loads.
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      // Not a router `lazy`: the router fetches a matched route's code before rendering, and a signed-out `/` is
      // the landing page, which must not download the dashboard (1055). Inside the guard, only a signed-in
      // person renders it.
      screen('/', { element: <Dashboard /> }),
      screen('/discounts', { lazy: discounts }),
      screen('/discounts/:id/codes', { lazy: discountCodes }),
      screen('/create-discount', { lazy: createDiscount }),
      screen('/discounts/create', { lazy: createDiscount }),
      screen('/product-management', { lazy: productManagement }),
      screen('/products', { lazy: productManagement }),
      screen('/users', { lazy: users }),
      screen('/stores', { lazy: stores }),
      screen('/code-sync', { lazy: codeSync }),
      screen('/synced-codes', { lazy: syncedCodes }),
      screen('/audit', { lazy: audit }),
    ],
  },
  { path: '*', element: <NotFound /> },
];

/**
 * The browser's router. Who is signed in is asked at once, while the first screen's code loads (the session gate
 * renders only after it), and a signed-in answer starts fetching the shell's code at the same time.
 */
export const createAppRouter = () => {
  queryClient
    .fetchQuery(currentUserQueryOptions())
    .then((user) => user && loadSignedInShell())
    .catch(() => undefined); // the session gate shows what a failure means
  return createBrowserRouter(routes);
};

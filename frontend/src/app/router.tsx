import { screenPolicy } from '@dm/events/http';
import { createBrowserRouter, type IndexRouteObject, type RouteObject } from 'react-router-dom';
import { RequireLevel } from './require-level';
import { NotFound } from './routes/not-found';
import { PlaceholderScreen } from './routes/placeholder-screen';
import { ProductManagementRoute } from './routes/product-management';
import { RouteError } from './routes/route-error';
import { StoresRoute } from './routes/stores';
import { UsersRoute } from './routes/users';
import { SessionGate } from './session-gate';

type ScreenPath = keyof typeof screenPolicy;

/** Every screen sits behind the guard for its level from the shared policy table (spec §2.1). */
const screen = (path: ScreenPath, child: Omit<IndexRouteObject, 'index'>): RouteObject => ({
  path,
  element: <RequireLevel level={screenPolicy[path]} />,
  children: [{ ...child, index: true }],
});

// Later issues replace these placeholders with the real screens (ideally as `lazy` route modules).
const placeholder = (path: ScreenPath, title: string): RouteObject =>
  screen(path, { element: <PlaceholderScreen title={title} /> });

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      placeholder('/', 'Dashboard'),
      placeholder('/discounts', 'Discounts'),
      placeholder('/discounts/:id/codes', 'Discount Codes'),
      placeholder('/create-discount', 'Create Discount'),
      placeholder('/discounts/create', 'Create Discount'),
      screen('/product-management', { element: <ProductManagementRoute /> }),
      screen('/products', { element: <ProductManagementRoute /> }),
      screen('/users', { element: <UsersRoute /> }),
      screen('/stores', { element: <StoresRoute /> }),
      placeholder('/code-sync', 'Code Synchronization'),
      placeholder('/synced-codes', 'Synced Codes'),
    ],
  },
  { path: '*', element: <NotFound /> },
];

export const createAppRouter = () => createBrowserRouter(routes);

import { hasLevel, routePolicy } from '@dm/events/http';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { DiscountListScreen } from '@/features/discounts/components/discount-list-screen';

const createLevel = routePolicy['POST /api/admin/discounts'].level;
const manageLevel = routePolicy['POST /api/discounts/:id/deployments/:storeId/retry'].level;
const deleteCodeLevel = routePolicy['DELETE /api/codes/:codeId'].level;
// Fetched when a discount's codes are first opened (decision 1055).
const DiscountCodesDialog = lazy(() => import('./discount-codes-dialog'));

/** /discounts (everyone signed in): what the viewer may do comes from the policy table. */
export function DiscountsRoute() {
  const { user } = useCurrentUser();
  const brands = useUserBrands();
  if (!user) return null;
  const level = user.permissionLevel;
  return (
    <DiscountListScreen
      brands={brands}
      canCreate={hasLevel(level, createLevel)}
      canManage={hasLevel(level, manageLevel)}
      canSeeDashboard={hasLevel(level, 'manager')}
      codesDialog={(id, onClose) => (
        <Suspense fallback={null}>
          <DiscountCodesDialog id={id} canDelete={hasLevel(level, deleteCodeLevel)} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}

import { hasLevel, routePolicy } from '@dm/events/http';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { useDiscount } from '@/features/discounts/api/get-discount';
import { discountsKeys } from '@/features/discounts/api/query-keys';
import { DiscountListScreen } from '@/features/discounts/components/discount-list-screen';

const createLevel = routePolicy['POST /api/admin/discounts'].level;
const manageLevel = routePolicy['POST /api/discounts/:id/deployments/:storeId/retry'].level;
const deleteCodeLevel = routePolicy['DELETE /api/codes/:codeId'].level;
const discountQueries = [discountsKeys.all];

// Its own chunk, fetched when a discount's codes are first opened: the list's first load stays under budget (1055).
const CodesDialog = lazy(() => import('@/features/discount-codes/components/codes-dialog'));

/** The codes dialog of `?id=`, titled with the discount's name. */
function DiscountCodesDialog({ id, canDelete, onClose }: { id: string; canDelete: boolean; onClose: () => void }) {
  const discount = useDiscount(id);
  return (
    <Suspense fallback={null}>
      <CodesDialog
        discountId={id}
        discount={discount.data}
        canDelete={canDelete}
        alsoChanged={discountQueries}
        onClose={onClose}
      />
    </Suspense>
  );
}

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
        <DiscountCodesDialog id={id} canDelete={hasLevel(level, deleteCodeLevel)} onClose={onClose} />
      )}
    />
  );
}

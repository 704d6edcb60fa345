import { hasLevel, routePolicy } from '@dm/events/http';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { DiscountCodesPage } from '@/features/discount-codes/components/discount-codes-page';
import { CodesToolbarActions } from '@/features/discount-codes-io';
import { useDiscount } from '@/features/discounts/api/get-discount';
import { discountsKeys } from '@/features/discounts/api/query-keys';
import { StoreDeployments } from '@/features/discounts/components/store-deployments';

const deleteLevel = routePolicy['DELETE /api/codes/:codeId'].level;
const retryLevel = routePolicy['POST /api/discounts/:id/deployments/:storeId/retry'].level;
const discountQueries = [discountsKeys.all];

/** /discounts/:id/codes (everyone signed in): the discount's header and store states come from its feature. */
export function DiscountCodesRoute() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const discount = useDiscount(id);
  if (!user) return null;
  const level = user.permissionLevel;
  return (
    <DiscountCodesPage
      discountId={id}
      discount={discount}
      canDelete={hasLevel(level, deleteLevel)}
      alsoChanged={discountQueries}
      storeStates={
        discount.data ? <StoreDeployments discount={discount.data} canRetry={hasLevel(level, retryLevel)} /> : null
      }
      toolbarActions={discount.data ? <CodesToolbarActions discountId={id} brandId={discount.data.brandId} /> : null}
    />
  );
}

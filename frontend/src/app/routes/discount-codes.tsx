import { discountIdParamsSchema, hasLevel, routePolicy } from '@dm/events/http';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { DiscountCodesPage } from '@/features/discount-codes/components/discount-codes-page';
import { CodesToolbarActions } from '@/features/discount-codes-io';
import { useDiscount } from '@/features/discounts/api/get-discount';
import { discountsKeys } from '@/features/discounts/api/query-keys';
import { StoreDeployments } from '@/features/discounts/components/store-deployments';
import { ApiError } from '@/lib/api-client';
import { DiscountNotFound } from './discount-not-found';

const deleteLevel = routePolicy['DELETE /api/codes/:codeId'].level;
const retryLevel = routePolicy['POST /api/discounts/:id/deployments/:storeId/retry'].level;
const discountQueries = [discountsKeys.all];

/** /discounts/:id/codes (everyone signed in). An address that is no discount id is a not-found page, not a 400. */
export function DiscountCodesRoute() {
  const { id = '' } = useParams();
  return discountIdParamsSchema.safeParse({ id }).success ? <DiscountCodes id={id} /> : <DiscountNotFound />;
}

/** The discount's header and store states come from its feature; a discount that does not exist says so once. */
function DiscountCodes({ id }: { id: string }) {
  const { user } = useCurrentUser();
  const discount = useDiscount(id);
  if (!user) return null;
  if (discount.error instanceof ApiError && discount.error.status === 404) return <DiscountNotFound />;
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

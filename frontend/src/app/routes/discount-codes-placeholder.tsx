import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { CodesToolbarActions } from '@/features/discount-codes-io';
import { discountQueryOptions } from '@/features/discounts/api/get-discount';
import { PlaceholderScreen } from './placeholder-screen';

/**
 * Temporary: the codes page is being built (issue 12); until it lands, its placeholder carries the CSV import,
 * export and pattern actions, which the page's toolbar slot takes over.
 */
export function DiscountCodesPlaceholderRoute() {
  const { id = '' } = useParams();
  const discount = useQuery(discountQueryOptions(id));
  return (
    <div className="space-y-4">
      <PlaceholderScreen title="Discount Codes" />
      {discount.data ? (
        <div className="flex flex-wrap items-center gap-2">
          <CodesToolbarActions discountId={id} brandId={discount.data.brandId} />
        </div>
      ) : null}
    </div>
  );
}

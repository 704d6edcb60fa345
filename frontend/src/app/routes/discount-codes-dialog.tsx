import { discountsKeys } from '@/features/discounts/api/query-keys';
import { useDiscount } from '@/features/discounts/api/get-discount';
import CodesDialog from '@/features/discount-codes/components/codes-dialog';

const discountQueries = [discountsKeys.all];

/**
 * The codes dialog of `/discounts?id=`, titled with the discount's name. Loaded as one chunk when a discount's
 * codes are first opened, with the detail read it needs: the list's first load stays under budget (1055).
 */
export default function DiscountCodesDialog(props: { id: string; canDelete: boolean; onClose: () => void }) {
  const discount = useDiscount(props.id);
  return (
    <CodesDialog
      discountId={props.id}
      discount={discount.data}
      canDelete={props.canDelete}
      alsoChanged={discountQueries}
      onClose={props.onClose}
    />
  );
}

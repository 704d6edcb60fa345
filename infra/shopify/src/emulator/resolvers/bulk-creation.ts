import { foldCode } from '@dm/events';
import { toDateTime } from '../schema/scalars';
import { userError, type BulkCreation } from '../services';
import type { ShopState } from '../state/shop-state';

const field = ['code'];

/**
 * The asynchronous half of `discountRedeemCodeBulkAdd`: per-code checks in input order, failures do not roll
 * back the rest, and accepted codes become visible only now (reference §6.2).
 */
export const processBulkCreation = (shop: ShopState, creation: BulkCreation, now: number): void => {
  const discount = shop.discounts.get(creation.discountId);
  const seen = new Set<string>();
  for (const entry of creation.entries) {
    const code = entry.code;
    const key = foldCode(code);
    const error = !discount
      ? 'Code discount does not exist.'
      : code.length === 0
        ? 'is too short (minimum is 1 character)'
        : /[\r\n]/.test(code)
          ? 'cannot contain newline characters.'
          : code.length > 255
            ? 'is too long (maximum is 255 characters)'
            : seen.has(key)
              ? 'Codes must be unique within BulkDiscountCodeCreation'
              : shop.findCode(code)
                ? 'must be unique. Please try a different code.'
                : null;
    seen.add(key);
    if (error || !discount) entry.errors = [userError(field, error ?? '', null)];
    else entry.codeId = shop.addCode(discount, code).id;
  }
  if (discount) {
    discount.bulkAdded = true;
    discount.updatedAt = toDateTime(now);
  }
  creation.done = true;
  shop.changed();
};

import { obj, type Args } from '../graphql/context';
import { userError, type UserErrorRecord } from '../services';
import { checkItems, type Kind } from './input-checks';
import type { ShopState } from '../state/shop-state';

const ratio = (value: unknown, path: string[], side: 'antecedent' | 'consequent'): UserErrorRecord[] => {
  if (typeof value !== 'string') return [];
  const n = Number(value);
  const text = `Prerequisite to entitlement quantity ratio ${side} must be`;
  if (n <= 0) return [userError(path, `${text} greater than 0`, 'GREATER_THAN')];
  if (n >= 100000) return [userError(path, `${text} less than 100000`, 'LESS_THAN')];
  return [];
};

/** `customerGets` rules for basic and BXGY discounts (reference §5.4). */
export const checkCustomerGets = (shop: ShopState, kind: Kind, input: Args, arg: string): UserErrorRecord[] => {
  const gets = obj(input.customerGets);
  if (!gets) return [];
  const errors: UserErrorRecord[] = [];
  const path = [arg, 'customerGets'];
  const value = obj(gets.value);
  if (kind === 'basic' && value) {
    if (value.discountOnQuantity != null) {
      errors.push(
        userError(
          [...path, 'value', 'discountOnQuantity'],
          'discountOnQuantity field is only permitted with bxgy discounts.',
          'INVALID',
        ),
      );
    }
    const pct = value.percentage;
    if (typeof pct === 'number' && (pct < 0 || pct > 1)) {
      errors.push(
        userError([...path, 'value', 'percentage'], 'Value must be between 0.0 and 1.0', 'VALUE_OUTSIDE_RANGE'),
      );
    }
    const amount = obj(value.discountAmount)?.amount;
    if (typeof amount === 'string' && Number(amount) < 0) {
      errors.push(
        userError(
          [...path, 'value', 'discountAmount', 'amount'],
          'Value must be less than or equal to 0',
          'LESS_THAN_OR_EQUAL_TO',
        ),
      );
    } else if (typeof amount === 'string' && Number(amount) >= 1e18) {
      errors.push(
        userError(
          [...path, 'value', 'discountAmount', 'amount'],
          'Value must be greater than -1000000000000000000',
          'LESS_THAN',
        ),
      );
    }
  }
  if (kind === 'bxgy') {
    if (value && (value.percentage != null || value.discountAmount != null)) {
      const which = value.percentage != null ? 'percentage' : 'discountAmount';
      errors.push(
        userError([...path, 'value', which], 'Only discountOnQuantity permitted with bxgy discounts.', 'INVALID'),
      );
      errors.push(
        userError([...path, 'value', 'discountOnQuantity', 'quantity'], 'Quantity cannot be blank.', 'BLANK'),
      );
    }
    const onQuantity = obj(value?.discountOnQuantity);
    if (onQuantity)
      errors.push(...ratio(onQuantity.quantity, [...path, 'value', 'discountOnQuantity', 'quantity'], 'consequent'));
    for (const field of ['appliesOnSubscription', 'appliesOnOneTimePurchase']) {
      if (gets[field] != null)
        errors.push(userError([...path, field], 'This field is not supported by bxgy discounts.', 'INVALID'));
    }
    if (obj(gets.items)?.all != null)
      errors.push(userError(path, "Items in 'customer get' cannot be set to all", 'INVALID'));
  }
  errors.push(...checkItems(shop, obj(gets.items), [...path, 'items']));
  return errors;
};

export const checkCustomerBuys = (shop: ShopState, input: Args, arg: string, creating: boolean): UserErrorRecord[] => {
  const buys = obj(input.customerBuys);
  const path = [arg, 'customerBuys'];
  if (!buys)
    return creating ? [userError([...path, 'items'], "Items in 'customer buys' must be defined", 'BLANK')] : [];
  const errors: UserErrorRecord[] = [];
  if (!obj(buys.items)) errors.push(userError([...path, 'items'], "Items in 'customer buys' must be defined", 'BLANK'));
  errors.push(...ratio(obj(buys.value)?.quantity, [...path, 'value', 'quantity'], 'antecedent'));
  errors.push(...checkItems(shop, obj(buys.items), [...path, 'items']));
  return errors;
};

export const checkLimits = (input: Args, arg: string): UserErrorRecord[] => {
  const errors: UserErrorRecord[] = [];
  const perOrder = input.usesPerOrderLimit;
  if (perOrder === 0)
    errors.push(userError([arg, 'usesPerOrderLimit'], 'Allocation limit cannot be zero', 'VALUE_OUTSIDE_RANGE'));
  if (typeof perOrder === 'number' && perOrder < 0) {
    errors.push(userError([arg, 'usesPerOrderLimit'], 'Allocation limit must be greater than 0', 'GREATER_THAN'));
  }
  const min = obj(input.minimumRequirement);
  if (obj(min?.quantity) && obj(min?.subtotal)) {
    errors.push(
      userError(
        [arg, 'minimumRequirement', 'subtotal', 'greaterThanOrEqualToSubtotal'],
        'Minimum subtotal cannot be defined when minimum quantity is.',
        'CONFLICT',
      ),
      userError(
        [arg, 'minimumRequirement', 'quantity', 'greaterThanOrEqualToQuantity'],
        'Minimum quantity cannot be defined when minimum subtotal is.',
        'CONFLICT',
      ),
    );
  }
  return errors;
};

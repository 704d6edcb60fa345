import { GraphQLError } from 'graphql';
import { obj, str, strList, type Args } from '../graphql/context';
import { parseGid } from '../gid';
import { userError, type UserErrorRecord } from '../services';
import type { ShopState } from '../state/shop-state';

export type Kind = 'basic' | 'bxgy' | 'app';
export const argNameOf: Record<Kind, string> = {
  basic: 'basicCodeDiscount',
  bxgy: 'bxgyCodeDiscount',
  app: 'codeAppDiscount',
};

const badRequest = (message: string, root: string) =>
  new GraphQLError(message, { path: [root], extensions: { code: 'BAD_REQUEST' } });

/** `code` rules shared by create and update (reference §5.4). */
export const checkCode = (code: string | null, arg: string, required: boolean): UserErrorRecord[] => {
  const field = [arg, 'code'];
  if (code === null) return required ? [userError(field, "Code can't be blank", 'BLANK')] : [];
  if (code.length === 0) return [userError(field, 'Code is too short (minimum is 1 character)', 'TOO_SHORT')];
  if (code.length > 255) return [userError(field, 'Code is too long (maximum is 255 characters)', 'TOO_LONG')];
  if (/[\r\n]/.test(code)) return [userError(field, 'Code cannot contain newline characters.', 'INVALID')];
  return [];
};

export const checkCommon = (input: Args, arg: string, creating: boolean): UserErrorRecord[] => {
  const errors: UserErrorRecord[] = [];
  const title = str(input, 'title');
  if ((creating && title === null) || (title !== null && title.trim() === '')) {
    errors.push(userError([arg, 'title'], "Title can't be blank", 'BLANK'));
  } else if (title !== null && title.length > 255) {
    errors.push(userError([arg, 'title'], 'Title is too long (maximum is 255 characters)', 'TOO_LONG'));
  }
  const startsAt = str(input, 'startsAt');
  if (creating && startsAt === null) errors.push(userError([arg, 'startsAt'], "Starts at can't be blank", 'BLANK'));
  const endsAt = str(input, 'endsAt');
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
    errors.push(userError([arg, 'endsAt'], 'Ends at needs to be after starts_at', 'INVALID'));
  }
  const usageLimit = input.usageLimit;
  if (typeof usageLimit === 'number' && usageLimit <= 0) {
    errors.push(userError([arg, 'usageLimit'], 'Usage limit must be greater than 0', 'GREATER_THAN'));
  }
  if (input.context != null && input.customerSelection != null) {
    errors.push(userError([arg, 'context'], 'Only one of context or customerSelection can be provided.', 'INVALID'));
  }
  return errors;
};

/** Top-level errors (not user errors) for malformed values and add/remove overlaps (reference §5.4). */
export const checkTopLevel = (input: Args, root: string): void => {
  for (const part of ['customerGets', 'customerBuys'] as const) {
    const value = obj(obj(input[part])?.value);
    if (value && ['percentage', 'discountAmount', 'discountOnQuantity'].filter((k) => value[k] != null).length > 1) {
      throw badRequest('A discount can only have one of percentage, discountOnQuantity or discountAmount.', root);
    }
    const items = obj(obj(input[part])?.items);
    const collections = obj(items?.collections);
    const products = obj(items?.products);
    const overlaps: [string, Args | null, string, string][] = [
      ['Collection', collections, 'add', 'remove'],
      ['Product', products, 'productsToAdd', 'productsToRemove'],
      ['ProductVariant', products, 'productVariantsToAdd', 'productVariantsToRemove'],
    ];
    for (const [type, source, add, remove] of overlaps) {
      const removed = new Set(source ? (strList(source, remove) ?? []) : []);
      if (source && (strList(source, add) ?? []).some((id) => removed.has(id))) {
        throw badRequest(`The same ${type} id is present in both 'add' and 'remove' fields`, root);
      }
    }
  }
};

/** Items rules: known ids, and no collections together with products (reference §5.4). */
export const checkItems = (shop: ShopState, items: Args | null, path: string[]): UserErrorRecord[] => {
  if (!items) return [];
  const errors: UserErrorRecord[] = [];
  const products = obj(items.products);
  const collections = obj(items.collections);
  const addedProducts = products
    ? [...(strList(products, 'productsToAdd') ?? []), ...(strList(products, 'productVariantsToAdd') ?? [])]
    : [];
  if (collections && (strList(collections, 'add') ?? []).length > 0 && addedProducts.length > 0) {
    errors.push(
      userError(
        [...path, 'collections', 'add'],
        'Cannot entitle collections in combination with product variants or products',
        'CONFLICT',
      ),
    );
  }
  const unknown = (
    ids: string[] | null,
    type: 'Product' | 'ProductVariant' | 'Collection',
    label: string,
    field: string[],
  ) => {
    const store = type === 'Product' ? shop.products : type === 'ProductVariant' ? shop.variants : shop.collections;
    for (const id of ids ?? []) {
      const n = parseGid(id, type);
      if (n === null || !store.has(n)) {
        errors.push(userError(field, `${label} with id: ${id.replace(/^.*\//, '')} is invalid`, 'INVALID'));
      }
    }
  };
  if (products) {
    unknown(strList(products, 'productsToAdd'), 'Product', 'Product', [...path, 'products', 'productsToAdd']);
    unknown(strList(products, 'productVariantsToAdd'), 'ProductVariant', 'Product variant', [
      ...path,
      'products',
      'productVariantsToAdd',
    ]);
  }
  if (collections) unknown(strList(collections, 'add'), 'Collection', 'Collection', [...path, 'collections', 'add']);
  return errors;
};

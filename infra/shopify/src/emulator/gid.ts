export type GidType =
  | 'DiscountCodeNode'
  | 'DiscountAutomaticNode'
  | 'DiscountRedeemCode'
  | 'DiscountRedeemCodeBulkCreation'
  | 'Job'
  | 'BulkOperation'
  | 'Product'
  | 'ProductVariant'
  | 'Collection'
  | 'App'
  | 'Metafield';

export const gid = (type: GidType, id: number): string => `gid://shopify/${type}/${id}`;

/** The numeric id of a gid of the given type, or null when the string is not one. */
export const parseGid = (value: string, type: GidType): number | null => {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(value);
  if (!match || match[1] !== type) return null;
  return Number(match[2]);
};

export const gidType = (value: string): string | null => /^gid:\/\/shopify\/([A-Za-z]+)\/\d+$/.exec(value)?.[1] ?? null;

/**
 * Keys this feature reads and changes. Features import nothing from one another, so the keys of the discounts and
 * codes features are written here as they are there: the same discount detail is then fetched once, and a bulk
 * addition refreshes the codes lists and the discounts' code counts.
 */
export const codesIoKeys = {
  discount: (discountId: string) => ['discounts', 'detail', discountId] as const,
  changedByBulkCodes: (discountId: string) => [['discount-codes', discountId], ['discounts']] as const,
};

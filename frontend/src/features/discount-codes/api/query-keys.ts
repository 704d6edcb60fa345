export type CodesPageParams = { page: number; search: string };

export const discountCodesKeys = {
  all: ['discount-codes'] as const,
  discount: (discountId: string) => [...discountCodesKeys.all, discountId] as const,
  page: (discountId: string, params: CodesPageParams) =>
    [...discountCodesKeys.discount(discountId), 'page', params] as const,
  progress: (discountId: string, codeIds: readonly string[]) =>
    [...discountCodesKeys.discount(discountId), 'progress', codeIds] as const,
};

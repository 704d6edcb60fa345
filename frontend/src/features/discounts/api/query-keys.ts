import type { DiscountListFilter } from './get-discounts';

export const discountsKeys = {
  all: ['discounts'] as const,
  lists: () => [...discountsKeys.all, 'list'] as const,
  list: (filter: DiscountListFilter) => [...discountsKeys.lists(), filter] as const,
  stats: () => [...discountsKeys.all, 'stats'] as const,
  detail: (id: string) => [...discountsKeys.all, 'detail', id] as const,
  preview: (body: unknown) => [...discountsKeys.all, 'preview', body] as const,
  choices: (area: 'products' | 'collections', brandId: number) =>
    [...discountsKeys.all, 'choices', area, brandId] as const,
};

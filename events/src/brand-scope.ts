/**
 * The brands a person may work with: their own, or 'all' for a super admin. Never a list of every brand: a
 * super admin's session would carry (and fetch on every request) as many ids as there are brands (decision 0320).
 */
export type BrandScope = readonly number[] | 'all';

export const inBrandScope = (scope: BrandScope, brandId: number): boolean => scope === 'all' || scope.includes(brandId);

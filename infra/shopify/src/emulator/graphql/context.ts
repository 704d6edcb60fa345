import type { SearchReport } from '../search/filter';
import type { ShopState } from '../state/shop-state';
import type { ShopServices } from '../services';

export type Scope = 'read_discounts' | 'write_discounts' | 'read_products';
export const allScopes: readonly Scope[] = ['read_discounts', 'write_discounts', 'read_products'];

/** What every resolver sees: the shop, the request's clock reading, and where to report search warnings. */
export interface ResolverContext {
  readonly shop: ShopState;
  readonly services: ShopServices;
  readonly now: number;
  readonly scopes: ReadonlySet<Scope>;
  /** Bulk operations run queries without page-size rules: everything is returned (reference §8.2). */
  readonly bulk: boolean;
  readonly search: SearchReport[];
}

export type Args = Readonly<Record<string, unknown>>;

export const str = (args: Args, key: string): string | null => {
  const value = args[key];
  return typeof value === 'string' ? value : null;
};

export const int = (args: Args, key: string): number | null => {
  const value = args[key];
  return typeof value === 'number' ? value : null;
};

export const bool = (args: Args, key: string): boolean => args[key] === true;

export const strList = (args: Args, key: string): string[] | null => {
  const value = args[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
};

export const obj = (value: unknown): Args | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Args) : null;

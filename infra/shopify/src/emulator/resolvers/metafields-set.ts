import { obj, str, type Args, type ResolverContext } from '../graphql/context';
import { parseGid } from '../gid';
import { toDateTime } from '../schema/scalars';
import type { Discount } from '../state/shop-state';
import { metafieldView } from '../views/discount-view';
import { metafieldsFrom } from './input-apply';

const maxMetafields = 25;

const problem = (elementIndex: number | null, field: string[], message: string, code: string) => ({
  code,
  elementIndex,
  field,
  message,
});

/**
 * `metafieldsSet` on code discounts (the owners this emulator holds): all or nothing, as Shopify sets them; a
 * metafield already there (same namespace and key) gets the new value, so setting it twice changes nothing.
 */
export const metafieldsSet = (args: Args, ctx: ResolverContext) => {
  const list = (Array.isArray(args.metafields) ? args.metafields : []).flatMap((m): Args[] => {
    const o = obj(m);
    return o ? [o] : [];
  });
  if (list.length > maxMetafields)
    return {
      metafields: null,
      userErrors: [
        problem(
          null,
          ['metafields'],
          `Exceeded the maximum metafields input limit of ${maxMetafields}.`,
          'LESS_THAN_OR_EQUAL_TO',
        ),
      ],
    };
  const owners: Discount[] = [];
  const userErrors = list.flatMap((m, i) => {
    const owner = ctx.shop.discounts.get(parseGid(str(m, 'ownerId') ?? '', 'DiscountCodeNode') ?? -1);
    if (owner) owners.push(owner);
    return owner ? [] : [problem(i, ['metafields', String(i), 'ownerId'], 'Owner does not exist.', 'INVALID_VALUE')];
  });
  if (userErrors.length > 0) return { metafields: null, userErrors };
  const now = toDateTime(ctx.now);
  const set = list.map((m, i) => {
    const owner = owners[i]!;
    owner.metafields = metafieldsFrom(ctx.shop, { metafields: [m] }, owner.metafields, now);
    const namespace = str(m, 'namespace') ?? '$app';
    return owner.metafields.find((x) => x.namespace === namespace && x.key === str(m, 'key'))!;
  });
  ctx.shop.changed();
  return { metafields: set.map(metafieldView), userErrors: [] };
};

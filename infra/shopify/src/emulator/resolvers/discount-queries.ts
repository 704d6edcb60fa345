import { pageRequest, paginate, sortByKey, type SortKey } from '../connections';
import { int, str, type Args, type ResolverContext } from '../graphql/context';
import { parseGid } from '../gid';
import { discountSearch } from '../search/discount-search';
import { searchFilter } from '../search/filter';
import type { Discount } from '../state/shop-state';
import { codeDiscountNodeView, discountNodeView } from '../views/discount-view';

const sortKeyOf =
  (sortKey: string | null) =>
  (d: Discount): SortKey => {
    switch (sortKey) {
      case 'CREATED_AT':
        return { id: d.id, value: d.createdAt };
      case 'UPDATED_AT':
        return { id: d.id, value: d.updatedAt };
      case 'STARTS_AT':
        return { id: d.id, value: d.startsAt };
      case 'ENDS_AT':
        return { id: d.id, value: d.endsAt ?? '9999' };
      case 'TITLE':
        return { id: d.id, value: d.title.toLowerCase() };
      default:
        return { id: d.id, value: d.id };
    }
  };

const filtered = (args: Args, ctx: ResolverContext, root: string): Discount[] =>
  searchFilter(
    ctx.shop.discounts.values(),
    str(args, 'query'),
    discountSearch(ctx.now, root === 'codeDiscountNodes'),
    (r) => ctx.search.push(r),
    [root],
  );

const page = (args: Args, ctx: ResolverContext, root: string) => {
  const key = sortKeyOf(str(args, 'sortKey'));
  return paginate(sortByKey(filtered(args, ctx, root), key), pageRequest(args, ctx.bulk), key);
};

/** `Count` with `limit`: precision AT_LEAST once the limit is reached (reference §7.2). */
export const countOf = (n: number, args: Args) => {
  const limit = int(args, 'limit');
  return limit !== null && n > limit ? { count: limit, precision: 'AT_LEAST' } : { count: n, precision: 'EXACT' };
};

const byId = (args: Args, ctx: ResolverContext): Discount | null => {
  const id = parseGid(str(args, 'id') ?? '', 'DiscountCodeNode');
  return id === null ? null : (ctx.shop.discounts.get(id) ?? null);
};

const mapPage = <T>(conn: ReturnType<typeof page>, view: (d: Discount) => T) => {
  const edges = conn.edges.map((e) => ({ cursor: e.cursor, node: view(e.node) }));
  return { edges, nodes: edges.map((e) => e.node), pageInfo: conn.pageInfo };
};

export const discountQueries = {
  discountNodes: (args: Args, ctx: ResolverContext) =>
    mapPage(page(args, ctx, 'discountNodes'), (d) => discountNodeView(ctx.shop, d, ctx)),
  codeDiscountNodes: (args: Args, ctx: ResolverContext) =>
    mapPage(page(args, ctx, 'codeDiscountNodes'), (d) => codeDiscountNodeView(ctx.shop, d, ctx)),
  discountNodesCount: (args: Args, ctx: ResolverContext) =>
    countOf(filtered(args, ctx, 'discountNodesCount').length, args),
  discountNode: (args: Args, ctx: ResolverContext) => {
    const d = byId(args, ctx);
    return d && discountNodeView(ctx.shop, d, ctx);
  },
  codeDiscountNode: (args: Args, ctx: ResolverContext) => {
    const d = byId(args, ctx);
    return d && codeDiscountNodeView(ctx.shop, d, ctx);
  },
  /** Case-insensitive; only codes already processed are visible (reference §6.5). */
  codeDiscountNodeByCode: (args: Args, ctx: ResolverContext) => {
    const owner = ctx.shop.findCode(str(args, 'code') ?? '');
    return owner && codeDiscountNodeView(ctx.shop, owner.discount, ctx);
  },
  discountCodesCount: (args: Args, ctx: ResolverContext) => {
    let n = 0;
    for (const d of ctx.shop.discounts.values()) n += d.codes.count;
    return countOf(n, args);
  },
};

import { strList, str, type Args, type ResolverContext } from '../graphql/context';
import { gidType } from '../gid';
import { appOf, codeDiscountNodeView } from '../views/discount-view';
import { collectionView, productView, variantView } from '../views/catalog-view';
import { bulkCreationView } from './redeem-codes';
import { bulkOperationView } from './bulk-operations';

/** `node(id:)` for the Node types of reference §9; unknown ids give null. */
const nodeOf = (id: string, ctx: ResolverContext): unknown => {
  const n = Number(id.replace(/^.*\//, ''));
  const { shop, services } = ctx;
  switch (gidType(id)) {
    case 'DiscountCodeNode': {
      const d = shop.discounts.get(n);
      return d ? codeDiscountNodeView(shop, d, ctx) : null;
    }
    case 'DiscountRedeemCodeBulkCreation': {
      const b = services.bulkCreations.get(n);
      return b ? bulkCreationView(shop, b, ctx) : null;
    }
    case 'BulkOperation': {
      const op = services.bulkOperations.get(n);
      return op ? bulkOperationView(op) : null;
    }
    case 'Product': {
      const p = shop.products.get(n);
      return p ? productView(shop, p) : null;
    }
    case 'ProductVariant': {
      const v = shop.variants.get(n);
      return v ? variantView(shop, v) : null;
    }
    case 'Collection': {
      const c = shop.collections.get(n);
      return c ? collectionView(shop, c) : null;
    }
    case 'App':
      return appOf(shop.identity.functionIds[0] ?? 'none');
    default:
      return null;
  }
};

export const nodeResolvers = {
  node: (args: Args, ctx: ResolverContext) => nodeOf(str(args, 'id') ?? '', ctx),
  nodes: (args: Args, ctx: ResolverContext) => (strList(args, 'ids') ?? []).map((id) => nodeOf(id, ctx)),
};

import { GraphQLError } from 'graphql';
import type { Args, ResolverContext, Scope } from '../graphql/context';
import { bulkMutationResolvers } from './bulk-mutations';
import { bulkOperationResolvers } from './bulk-operations';
import { catalogQueries } from './catalog-queries';
import { discountMutations } from './discount-mutations';
import { discountQueries } from './discount-queries';
import { metafieldsSet } from './metafields-set';
import { nodeResolvers } from './nodes';
import { redeemCodeResolvers } from './redeem-codes';

type Resolver = (args: Args, ctx: ResolverContext) => unknown;

/** Shopify's ACCESS_DENIED error (reference §1): HTTP 200, the field is null. */
const guard =
  (field: string, scope: Scope, resolve: Resolver): Resolver =>
  (args, ctx) => {
    if (!ctx.scopes.has(scope)) {
      const requiredAccess = `\`${scope}\` access scope.`;
      throw new GraphQLError(`Access denied for ${field} field. Required access: ${requiredAccess}`, {
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess,
        },
      });
    }
    return resolve(args, ctx);
  };

const guarded = (scope: Scope, resolvers: Record<string, Resolver>): Record<string, Resolver> =>
  Object.fromEntries(Object.entries(resolvers).map(([name, resolve]) => [name, guard(name, scope, resolve)]));

const { job, discountRedeemCodeBulkCreation, ...codeMutations } = redeemCodeResolvers;
const { bulkOperationRunQuery, bulkOperationCancel, ...bulkQueries } = bulkOperationResolvers;

/**
 * One root value for QueryRoot and Mutation: graphql-js's default resolver calls these with (args, context),
 * and nested fields resolve from the view objects they return (`__typename` picks union members).
 */
export const rootValue: Record<string, Resolver> = {
  ...nodeResolvers,
  // Any token may read its own shop (no access scope), as in Shopify.
  shop: (_args, ctx) => ({
    id: `gid://shopify/Shop/${ctx.shop.identity.brandId}`,
    name: ctx.shop.identity.slug,
    currencyCode: ctx.shop.identity.currencyCode,
  }),
  ...guarded('read_discounts', { ...discountQueries, job, discountRedeemCodeBulkCreation }),
  ...guarded('write_discounts', { ...discountMutations, ...codeMutations, metafieldsSet }),
  ...guarded('read_products', catalogQueries),
  ...bulkQueries,
  bulkOperationRunQuery,
  bulkOperationCancel,
  ...bulkMutationResolvers,
};

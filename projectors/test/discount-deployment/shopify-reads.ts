import { eventually } from '../fixtures/eventually';
import { dataOf, type GivenDiscount } from './given';
import type { Slug, World } from './world';

export const three: Slug[] = ['aurora-uk', 'aurora-de', 'aurora-us'];

/** Waits until every store of the discount has an outcome for its latest attempt; answers them by store. */
export const settled = async (world: World, discount: GivenDiscount, attempts = 1) => {
  await eventually(
    async () => (await world.outcomesOf(discount.discountId)).length >= discount.stores.length + attempts - 1,
  );
  const outcomes = await world.outcomesOf(discount.discountId);
  return new Map(outcomes.map((e) => [dataOf<{ storeId: number }>(e).storeId, { type: e.type, data: dataOf(e) }]));
};

/** What Shopify holds for an app (multi) discount, read back over HTTP. */
export const appDiscountQuery = `query ($code: String!) { codeDiscountNodeByCode(code: $code) {
  id
  metafield(namespace: "$app:discount-manager", key: "function-configuration") { jsonValue }
  codeDiscount { __typename ... on DiscountCodeApp { title startsAt endsAt status discountClasses
    appDiscountType { functionId } combinesWith { orderDiscounts productDiscounts shippingDiscounts }
    codes(first: 5) { nodes { code } } } } } }`;

/** What Shopify holds for a BXGY (GWP) discount. */
export const bxgyQuery = `query ($code: String!) { codeDiscountNodeByCode(code: $code) { id codeDiscount { __typename
  ... on DiscountCodeBxgy { title status
    customerBuys { value { __typename ... on DiscountQuantity { quantity } ... on DiscountPurchaseAmount { amount } }
      items { __typename ... on DiscountProducts { products(first: 10) { nodes { id } } }
        ... on DiscountCollections { collections(first: 10) { nodes { id } } } } }
    customerGets { value { ... on DiscountOnQuantity { quantity { quantity } effect { ... on DiscountPercentage { percentage } } } }
      items { ... on DiscountProducts { productVariants(first: 10) { nodes { id } } } } } } } } }`;

type Node = { id: string; metafield?: { jsonValue: unknown }; codeDiscount: Record<string, unknown> } | null;
export const nodeOf = async (world: World, slug: Slug, query: string, code: string) =>
  (await world.gql<{ codeDiscountNodeByCode: Node }>(slug, query, { code })).codeDiscountNodeByCode;

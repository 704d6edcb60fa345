/** What a discount gives, to whom and on what (reference §4). */
export const discountValuesSdl = /* GraphQL */ `
  type DiscountCustomerGets {
    value: DiscountCustomerGetsValue!
    items: DiscountItems!
    appliesOnOneTimePurchase: Boolean!
    appliesOnSubscription: Boolean!
  }
  union DiscountCustomerGetsValue = DiscountAmount | DiscountOnQuantity | DiscountPercentage
  type DiscountPercentage {
    percentage: Float!
  }
  type DiscountAmount {
    amount: MoneyV2!
    appliesOnEachItem: Boolean!
  }
  type DiscountOnQuantity {
    quantity: DiscountQuantity!
    effect: DiscountEffect!
  }
  union DiscountEffect = DiscountAmount | DiscountPercentage
  type DiscountQuantity {
    quantity: UnsignedInt64!
  }

  type DiscountCustomerBuys {
    value: DiscountCustomerBuysValue!
    items: DiscountItems!
    isOneTimePurchase: Boolean!
    isSubscription: Boolean!
  }
  union DiscountCustomerBuysValue = DiscountPurchaseAmount | DiscountQuantity
  type DiscountPurchaseAmount {
    amount: Decimal!
  }

  union DiscountItems = AllDiscountItems | DiscountCollections | DiscountProducts
  type AllDiscountItems {
    allItems: Boolean!
  }
  type DiscountProducts {
    products(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductConnection!
    productVariants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): ProductVariantConnection!
  }
  type DiscountCollections {
    collections(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): CollectionConnection!
  }

  union DiscountMinimumRequirement = DiscountMinimumQuantity | DiscountMinimumSubtotal
  type DiscountMinimumQuantity {
    greaterThanOrEqualToQuantity: UnsignedInt64!
  }
  type DiscountMinimumSubtotal {
    greaterThanOrEqualToSubtotal: MoneyV2!
  }

  union DiscountContext = DiscountBuyerSelectionAll | DiscountCustomerSegments | DiscountCustomers
  type DiscountBuyerSelectionAll {
    all: DiscountBuyerSelection!
  }
  type Customer implements Node {
    id: ID!
    displayName: String!
  }
  type Segment implements Node {
    id: ID!
    name: String!
  }
  type DiscountCustomers {
    customers: [Customer!]!
  }
  type DiscountCustomerSegments {
    segments: [Segment!]!
  }
  union DiscountCustomerSelection = DiscountCustomerAll | DiscountCustomerSegments | DiscountCustomers
  type DiscountCustomerAll {
    allCustomers: Boolean!
  }
`;

/** Discount read model (reference §4), 2026-07. */
export const discountsSdl = /* GraphQL */ `
  type DiscountCodeNode implements Node {
    id: ID!
    codeDiscount: DiscountCode!
    metafield(namespace: String, key: String!): Metafield
    metafields(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      namespace: String
      keys: [String!]
    ): MetafieldConnection!
  }
  type DiscountAutomaticNode implements Node {
    id: ID!
  }
  type DiscountNode implements Node {
    id: ID!
    discount: Discount!
    metafield(namespace: String, key: String!): Metafield
  }
  union DiscountCode = DiscountCodeApp | DiscountCodeBasic | DiscountCodeBxgy | DiscountCodeFreeShipping
  union Discount =
    | DiscountAutomaticApp
    | DiscountAutomaticBasic
    | DiscountAutomaticBxgy
    | DiscountAutomaticFreeShipping
    | DiscountCodeApp
    | DiscountCodeBasic
    | DiscountCodeBxgy
    | DiscountCodeFreeShipping

  type Metafield implements Node {
    id: ID!
    namespace: String!
    key: String!
    type: String!
    value: String!
    jsonValue: JSON!
    createdAt: DateTime!
    updatedAt: DateTime!
  }
  type MetafieldConnection {
    edges: [MetafieldEdge!]!
    nodes: [Metafield!]!
    pageInfo: PageInfo!
  }
  type MetafieldEdge {
    cursor: String!
    node: Metafield!
  }

  enum DiscountStatus {
    ACTIVE
    EXPIRED
    SCHEDULED
  }
  enum DiscountClass {
    PRODUCT
    ORDER
    SHIPPING
  }
  enum MerchandiseDiscountClass {
    PRODUCT
    ORDER
  }
  enum DiscountBuyerSelection {
    ALL
  }

  type DiscountCombinesWith {
    orderDiscounts: Boolean!
    productDiscounts: Boolean!
    shippingDiscounts: Boolean!
    productDiscountsWithTagsOnSameCartLine: [String!]
  }
  type MoneyV2 {
    amount: Decimal!
    currencyCode: String!
  }
  type DiscountShareableUrl {
    url: URL!
    title: String!
  }

  type DiscountRedeemCode {
    id: ID!
    code: String!
    asyncUsageCount: Int!
    createdBy: App
  }
  type DiscountRedeemCodeConnection {
    edges: [DiscountRedeemCodeEdge!]!
    nodes: [DiscountRedeemCode!]!
    pageInfo: PageInfo!
  }
  type DiscountRedeemCodeEdge {
    cursor: String!
    node: DiscountRedeemCode!
  }
  enum DiscountCodeSortKeys {
    CODE
    CREATED_AT
    ID
    RELEVANCE
  }

  type DiscountCodeNodeConnection {
    edges: [DiscountCodeNodeEdge!]!
    nodes: [DiscountCodeNode!]!
    pageInfo: PageInfo!
  }
  type DiscountCodeNodeEdge {
    cursor: String!
    node: DiscountCodeNode!
  }
  type DiscountNodeConnection {
    edges: [DiscountNodeEdge!]!
    nodes: [DiscountNode!]!
    pageInfo: PageInfo!
  }
  type DiscountNodeEdge {
    cursor: String!
    node: DiscountNode!
  }
  enum CodeDiscountSortKeys {
    CREATED_AT
    ENDS_AT
    ID
    RELEVANCE
    STARTS_AT
    TITLE
    UPDATED_AT
  }
  enum DiscountSortKeys {
    CREATED_AT
    ENDS_AT
    ID
    RELEVANCE
    STARTS_AT
    TITLE
    UPDATED_AT
  }
`;

/** The code and automatic discount kinds: basic, BXGY, app (our multi discounts) and free shipping. */
export const discountKindsSdl = /* GraphQL */ `
  type DiscountCodeBasic {
    title: String!
    status: DiscountStatus!
    summary: String!
    shortSummary: String!
    startsAt: DateTime!
    endsAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    asyncUsageCount: Int!
    usageLimit: Int
    appliesOncePerCustomer: Boolean!
    recurringCycleLimit: Int
    combinesWith: DiscountCombinesWith!
    discountClasses: [DiscountClass!]!
    discountClass: MerchandiseDiscountClass! @deprecated(reason: "Use \`discountClasses\` instead.")
    context: DiscountContext!
    customerSelection: DiscountCustomerSelection! @deprecated(reason: "Use \`context\` instead.")
    customerGets: DiscountCustomerGets!
    minimumRequirement: DiscountMinimumRequirement
    codes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: DiscountCodeSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountRedeemCodeConnection!
    codesCount: Count
    tags: [String!]!
    totalSales: MoneyV2
    hasTimelineComment: Boolean!
    shareableUrls: [DiscountShareableUrl!]!
  }
  type DiscountCodeBxgy {
    title: String!
    status: DiscountStatus!
    summary: String!
    startsAt: DateTime!
    endsAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    asyncUsageCount: Int!
    usageLimit: Int
    appliesOncePerCustomer: Boolean!
    usesPerOrderLimit: Int
    combinesWith: DiscountCombinesWith!
    discountClasses: [DiscountClass!]!
    discountClass: MerchandiseDiscountClass! @deprecated(reason: "Use \`discountClasses\` instead.")
    context: DiscountContext!
    customerSelection: DiscountCustomerSelection! @deprecated(reason: "Use \`context\` instead.")
    customerBuys: DiscountCustomerBuys!
    customerGets: DiscountCustomerGets!
    codes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: DiscountCodeSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountRedeemCodeConnection!
    codesCount: Count
    tags: [String!]!
    totalSales: MoneyV2
    hasTimelineComment: Boolean!
    shareableUrls: [DiscountShareableUrl!]!
  }
  type DiscountCodeApp {
    discountId: ID!
    title: String!
    status: DiscountStatus!
    startsAt: DateTime!
    endsAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    asyncUsageCount: Int!
    usageLimit: Int
    appliesOncePerCustomer: Boolean!
    recurringCycleLimit: Int
    appliesOnOneTimePurchase: Boolean!
    appliesOnSubscription: Boolean!
    appDiscountType: AppDiscountType!
    combinesWith: DiscountCombinesWith!
    discountClasses: [DiscountClass!]!
    discountClass: DiscountClass! @deprecated(reason: "Use \`discountClasses\` instead.")
    context: DiscountContext!
    customerSelection: DiscountCustomerSelection! @deprecated(reason: "Use \`context\` instead.")
    codes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: DiscountCodeSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountRedeemCodeConnection!
    codesCount: Count
    tags: [String!]!
    totalSales: MoneyV2
    hasTimelineComment: Boolean!
    shareableUrls: [DiscountShareableUrl!]!
  }
  type AppDiscountType {
    functionId: String!
    appKey: String!
    title: String!
    description: String
    app: App!
    discountClasses: [DiscountClass!]!
  }
  type DiscountCodeFreeShipping {
    title: String!
    status: DiscountStatus!
    summary: String!
    startsAt: DateTime!
    endsAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    asyncUsageCount: Int!
    usageLimit: Int
    codes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: DiscountCodeSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountRedeemCodeConnection!
    codesCount: Count
  }
  type DiscountAutomaticApp {
    title: String!
    status: DiscountStatus!
  }
  type DiscountAutomaticBasic {
    title: String!
    status: DiscountStatus!
  }
  type DiscountAutomaticBxgy {
    title: String!
    status: DiscountStatus!
  }
  type DiscountAutomaticFreeShipping {
    title: String!
    status: DiscountStatus!
  }
`;

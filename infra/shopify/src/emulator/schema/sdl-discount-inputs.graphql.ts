/** Mutation inputs and payloads for code discounts (reference §5; app discounts from Shopify's public schema). */
export const discountInputsSdl = /* GraphQL */ `
  input DiscountCodeBasicInput {
    title: String
    code: String
    startsAt: DateTime
    endsAt: DateTime
    context: DiscountContextInput
    customerGets: DiscountCustomerGetsInput
    combinesWith: DiscountCombinesWithInput
    minimumRequirement: DiscountMinimumRequirementInput
    usageLimit: Int
    appliesOncePerCustomer: Boolean
    recurringCycleLimit: Int
    tags: [String!]
    customerSelection: DiscountCustomerSelectionInput @deprecated(reason: "Use \`context\` instead.")
  }
  input DiscountCodeBxgyInput {
    title: String
    code: String
    startsAt: DateTime
    endsAt: DateTime
    context: DiscountContextInput
    customerBuys: DiscountCustomerBuysInput
    customerGets: DiscountCustomerGetsInput
    combinesWith: DiscountCombinesWithInput
    usageLimit: Int
    appliesOncePerCustomer: Boolean
    usesPerOrderLimit: Int
    tags: [String!]
    customerSelection: DiscountCustomerSelectionInput @deprecated(reason: "Use \`context\` instead.")
  }
  input DiscountCodeAppInput {
    title: String
    code: String
    startsAt: DateTime
    endsAt: DateTime
    context: DiscountContextInput
    combinesWith: DiscountCombinesWithInput
    usageLimit: Int
    appliesOncePerCustomer: Boolean
    functionId: String
    functionHandle: String
    discountClasses: [DiscountClass!]
    metafields: [MetafieldInput!] = []
    appliesOnOneTimePurchase: Boolean
    appliesOnSubscription: Boolean
    recurringCycleLimit: Int
    customerSelection: DiscountCustomerSelectionInput @deprecated(reason: "Use \`context\` instead.")
  }
  input MetafieldInput {
    id: ID
    namespace: String
    key: String
    value: String
    type: String
  }
  input DiscountContextInput {
    all: DiscountBuyerSelection
    customers: DiscountCustomersInput
    customerSegments: DiscountCustomerSegmentsInput
  }
  input DiscountCustomersInput {
    add: [ID!]
    remove: [ID!]
  }
  input DiscountCustomerSegmentsInput {
    add: [ID!]
    remove: [ID!]
  }
  input DiscountCustomerSelectionInput {
    all: Boolean
    customers: DiscountCustomersInput
    customerSegments: DiscountCustomerSegmentsInput
  }
  input DiscountCombinesWithInput {
    productDiscounts: Boolean = false
    orderDiscounts: Boolean = false
    shippingDiscounts: Boolean = false
  }
  input DiscountCustomerGetsInput {
    value: DiscountCustomerGetsValueInput
    items: DiscountItemsInput
    appliesOnOneTimePurchase: Boolean
    appliesOnSubscription: Boolean
  }
  input DiscountCustomerGetsValueInput {
    percentage: Float
    discountAmount: DiscountAmountInput
    discountOnQuantity: DiscountOnQuantityInput
  }
  input DiscountAmountInput {
    amount: Decimal
    appliesOnEachItem: Boolean
  }
  input DiscountOnQuantityInput {
    quantity: UnsignedInt64
    effect: DiscountEffectInput
  }
  input DiscountEffectInput {
    percentage: Float
    amount: Decimal
  }
  input DiscountCustomerBuysInput {
    value: DiscountCustomerBuysValueInput
    items: DiscountItemsInput
    isOneTimePurchase: Boolean = true
    isSubscription: Boolean = false
  }
  input DiscountCustomerBuysValueInput {
    quantity: UnsignedInt64
    amount: Decimal
  }
  input DiscountItemsInput {
    all: Boolean
    products: DiscountProductsInput
    collections: DiscountCollectionsInput
  }
  input DiscountProductsInput {
    productsToAdd: [ID!]
    productsToRemove: [ID!]
    productVariantsToAdd: [ID!]
    productVariantsToRemove: [ID!]
  }
  input DiscountCollectionsInput {
    add: [ID!]
    remove: [ID!]
  }
  input DiscountMinimumRequirementInput {
    quantity: DiscountMinimumQuantityInput
    subtotal: DiscountMinimumSubtotalInput
  }
  input DiscountMinimumQuantityInput {
    greaterThanOrEqualToQuantity: UnsignedInt64
  }
  input DiscountMinimumSubtotalInput {
    greaterThanOrEqualToSubtotal: Decimal
  }
  input DiscountRedeemCodeInput {
    code: String!
  }

  type DiscountUserError {
    field: [String!]
    message: String!
    code: DiscountErrorCode
    extraInfo: String
  }
  enum DiscountErrorCode {
    BLANK
    PRESENT
    EQUAL_TO
    GREATER_THAN
    GREATER_THAN_OR_EQUAL_TO
    INVALID
    LESS_THAN_OR_EQUAL_TO
    LESS_THAN
    TAKEN
    TOO_LONG
    TOO_SHORT
    INTERNAL_ERROR
    TOO_MANY_ARGUMENTS
    MISSING_ARGUMENT
    ACTIVE_PERIOD_OVERLAP
    END_DATE_BEFORE_START_DATE
    EXCEEDED_MAX
    MINIMUM_SUBTOTAL_AND_QUANTITY_RANGE_BOTH_PRESENT
    VALUE_OUTSIDE_RANGE
    CONFLICT
    IMPLICIT_DUPLICATE
    DUPLICATE
    INCLUSION
    INVALID_COMBINES_WITH_FOR_DISCOUNT_CLASS
    INVALID_DISCOUNT_CLASS_FOR_PRICE_RULE
    DISCOUNT_NOT_COMPATIBLE_WITH_CONDITION_TYPES
    MAX_APP_DISCOUNTS
    APPLIES_ON_NOTHING
    RECURRING_CYCLE_LIMIT_NOT_A_VALID_INTEGER
    MULTIPLE_RECURRING_CYCLE_LIMIT_FOR_NON_SUBSCRIPTION_ITEMS
    MISSING_FUNCTION_IDENTIFIER
    MULTIPLE_FUNCTION_IDENTIFIERS
  }
  type DiscountCodeBasicCreatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeBasicUpdatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeBxgyCreatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeBxgyUpdatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeAppCreatePayload {
    codeAppDiscount: DiscountCodeApp
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeAppUpdatePayload {
    codeAppDiscount: DiscountCodeApp
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeActivatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeDeactivatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeDeletePayload {
    deletedCodeDiscountId: ID
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeBulkDeletePayload {
    job: Job
    userErrors: [DiscountUserError!]!
  }
`;

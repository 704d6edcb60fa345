/** Root types, as in the 2026-07 Admin schema (reference §§4–10). Only the subset we use. */
export const rootSdl = /* GraphQL */ `
  schema {
    query: QueryRoot
    mutation: Mutation
  }

  scalar DateTime
  scalar Decimal
  scalar UnsignedInt64
  scalar Money
  scalar URL
  scalar JSON

  interface Node {
    id: ID!
  }
  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  enum CountPrecision {
    EXACT
    AT_LEAST
  }
  type Count {
    count: Int!
    precision: CountPrecision!
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type App implements Node {
    id: ID!
    title: String!
    handle: String
    apiKey: String!
  }
  type Job {
    id: ID!
    done: Boolean!
    query: QueryRoot
  }

  # Shopify's Shop, only what the catalog import reads (currencyCode is the CurrencyCode enum there).
  type Shop {
    id: ID!
    name: String!
    currencyCode: String!
  }

  type QueryRoot {
    shop: Shop!
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    job(id: ID!): Job

    discountNodes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: DiscountSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountNodeConnection!
    discountNodesCount(query: String, savedSearchId: ID, limit: Int = 10000): Count
    discountNode(id: ID!): DiscountNode
    codeDiscountNodes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CodeDiscountSortKeys = ID
      query: String
      savedSearchId: ID
    ): DiscountCodeNodeConnection! @deprecated(reason: "Use \`discountNodes\` instead.")
    codeDiscountNode(id: ID!): DiscountCodeNode @deprecated(reason: "Use \`discountNode\` instead.")
    codeDiscountNodeByCode(code: String!): DiscountCodeNode
    discountCodesCount(query: String, limit: Int = 10000): Count
    discountRedeemCodeBulkCreation(id: ID!): DiscountRedeemCodeBulkCreation

    bulkOperation(id: ID!): BulkOperation
    bulkOperations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: BulkOperationsSortKeys = CREATED_AT
      query: String
    ): BulkOperationConnection!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
      @deprecated(reason: "Use \`bulkOperations\` with status filter instead.")

    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductConnection!
    productsCount(query: String, savedSearchId: ID, limit: Int = 10000): Count
    product(id: ID!): Product
    productVariants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductVariantConnection!
    productVariant(id: ID!): ProductVariant
    collections(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CollectionSortKeys = ID
      query: String
      savedSearchId: ID
    ): CollectionConnection!
    collectionsCount(query: String, savedSearchId: ID, limit: Int = 10000): Count
    collection(id: ID!): Collection
  }

  type Mutation {
    discountCodeBasicCreate(basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicCreatePayload
    discountCodeBasicUpdate(id: ID!, basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicUpdatePayload
    discountCodeBxgyCreate(bxgyCodeDiscount: DiscountCodeBxgyInput!): DiscountCodeBxgyCreatePayload
    discountCodeBxgyUpdate(id: ID!, bxgyCodeDiscount: DiscountCodeBxgyInput!): DiscountCodeBxgyUpdatePayload
    discountCodeAppCreate(codeAppDiscount: DiscountCodeAppInput!): DiscountCodeAppCreatePayload
    discountCodeAppUpdate(id: ID!, codeAppDiscount: DiscountCodeAppInput!): DiscountCodeAppUpdatePayload
    discountCodeActivate(id: ID!): DiscountCodeActivatePayload
    discountCodeDeactivate(id: ID!): DiscountCodeDeactivatePayload
    discountCodeDelete(id: ID!): DiscountCodeDeletePayload
    discountCodeBulkDelete(search: String, savedSearchId: ID, ids: [ID!]): DiscountCodeBulkDeletePayload
    discountRedeemCodeBulkAdd(discountId: ID!, codes: [DiscountRedeemCodeInput!]!): DiscountRedeemCodeBulkAddPayload
    discountCodeRedeemCodeBulkDelete(
      discountId: ID!
      search: String
      savedSearchId: ID
      ids: [ID!]
    ): DiscountCodeRedeemCodeBulkDeletePayload
    bulkOperationRunQuery(query: String!, groupObjects: Boolean! = false): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
    bulkOperationRunMutation(
      mutation: String!
      stagedUploadPath: String!
      groupObjects: Boolean = true @deprecated(reason: "This argument has no effect on output order.")
      clientIdentifier: String
    ): BulkOperationRunMutationPayload
    stagedUploadsCreate(input: [StagedUploadInput!]!): StagedUploadsCreatePayload
  }
`;

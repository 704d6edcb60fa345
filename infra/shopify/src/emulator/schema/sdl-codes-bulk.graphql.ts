/** Redeem-code bulk jobs (reference §6) and bulk operations (§8). */
export const codesBulkSdl = /* GraphQL */ `
  type DiscountRedeemCodeBulkAddPayload {
    bulkCreation: DiscountRedeemCodeBulkCreation
    userErrors: [DiscountUserError!]!
  }
  type DiscountCodeRedeemCodeBulkDeletePayload {
    job: Job
    userErrors: [DiscountUserError!]!
  }
  type DiscountRedeemCodeBulkCreation implements Node {
    id: ID!
    done: Boolean!
    codesCount: Int!
    importedCount: Int!
    failedCount: Int!
    createdAt: DateTime!
    discountCode: DiscountCodeNode
    codes(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): DiscountRedeemCodeBulkCreationCodeConnection!
  }
  type DiscountRedeemCodeBulkCreationCodeConnection {
    edges: [DiscountRedeemCodeBulkCreationCodeEdge!]!
    nodes: [DiscountRedeemCodeBulkCreationCode!]!
    pageInfo: PageInfo!
  }
  type DiscountRedeemCodeBulkCreationCodeEdge {
    cursor: String!
    node: DiscountRedeemCodeBulkCreationCode!
  }
  type DiscountRedeemCodeBulkCreationCode {
    code: String!
    discountRedeemCode: DiscountRedeemCode
    errors: [DiscountUserError!]!
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }
  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }
  type BulkOperationUserError {
    field: [String!]
    message: String!
    code: BulkOperationUserErrorCode
  }
  enum BulkOperationUserErrorCode {
    OPERATION_IN_PROGRESS
    INVALID
    LIMIT_REACHED
  }
  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }
  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }
  enum BulkOperationType {
    QUERY
    MUTATION
  }
  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }
  enum BulkOperationsSortKeys {
    COMPLETED_AT
    CREATED_AT
  }
  type BulkOperationConnection {
    edges: [BulkOperationEdge!]!
    nodes: [BulkOperation!]!
    pageInfo: PageInfo!
  }
  type BulkOperationEdge {
    cursor: String!
    node: BulkOperation!
  }
`;

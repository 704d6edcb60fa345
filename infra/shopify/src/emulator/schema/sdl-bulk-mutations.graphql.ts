/**
 * Bulk mutations and the staged upload of their variables (reference §8.5), as introspected from 2026-07. Only the
 * staged upload resource bulk mutations use is modelled.
 */
export const bulkMutationsSdl = /* GraphQL */ `
  input StagedUploadInput {
    resource: StagedUploadTargetGenerateUploadResource!
    filename: String!
    mimeType: String!
    httpMethod: StagedUploadHttpMethodType = PUT
    fileSize: UnsignedInt64
  }
  enum StagedUploadTargetGenerateUploadResource {
    BULK_MUTATION_VARIABLES
  }
  enum StagedUploadHttpMethodType {
    POST
    PUT
  }
  type StagedUploadsCreatePayload {
    stagedTargets: [StagedMediaUploadTarget!]
    userErrors: [UserError!]!
  }
  type StagedMediaUploadTarget {
    parameters: [StagedUploadParameter!]!
    resourceUrl: URL
    url: URL
  }
  type StagedUploadParameter {
    name: String!
    value: String!
  }
  type BulkOperationRunMutationPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkMutationUserError!]!
  }
  type BulkMutationUserError {
    code: BulkMutationErrorCode
    field: [String!]
    message: String!
  }
  enum BulkMutationErrorCode {
    OPERATION_IN_PROGRESS
    INVALID_MUTATION
    INVALID_STAGED_UPLOAD_FILE
    NO_SUCH_FILE
    INTERNAL_FILE_SERVER_ERROR
    LIMIT_REACHED
  }
`;

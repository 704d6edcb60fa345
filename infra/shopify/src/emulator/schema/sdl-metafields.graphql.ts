/** `metafieldsSet` (reference §5.6): sets metafields on any owner; here, on code discounts. */
export const metafieldsSdl = /* GraphQL */ `
  extend type Mutation {
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
  }
  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    value: String!
    compareDigest: String
    type: String
  }
  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }
  type MetafieldsSetUserError {
    code: String
    elementIndex: Int
    field: [String!]
    message: String!
  }
`;

/** Products, variants and collections (reference §10). */
export const catalogSdl = /* GraphQL */ `
  type Product implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    status: ProductStatus!
    vendor: String!
    productType: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    publishedAt: DateTime
    hasOnlyDefaultVariant: Boolean!
    totalInventory: Int!
    onlineStoreUrl: URL
    variants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = POSITION
    ): ProductVariantConnection!
    variantsCount: Count
    collections(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CollectionSortKeys = ID
      query: String
    ): CollectionConnection!
  }
  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
    UNLISTED
  }
  type SelectedOption {
    name: String!
    value: String!
  }
  type ProductVariant implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    displayName: String!
    sku: String
    barcode: String
    price: Money!
    compareAtPrice: Money
    position: Int!
    selectedOptions: [SelectedOption!]!
    inventoryQuantity: Int
    availableForSale: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
    product: Product!
  }
  enum CollectionSortOrder {
    ALPHA_ASC
    ALPHA_DESC
    BEST_SELLING
    CREATED
    CREATED_DESC
    MANUAL
    PRICE_ASC
    PRICE_DESC
  }
  enum CollectionRuleColumn {
    TAG
    TYPE
    VENDOR
    TITLE
  }
  enum CollectionRuleRelation {
    EQUALS
    CONTAINS
    NOT_EQUALS
  }
  type CollectionRule {
    column: CollectionRuleColumn!
    relation: CollectionRuleRelation!
    condition: String!
  }
  type CollectionRuleSet {
    appliedDisjunctively: Boolean!
    rules: [CollectionRule!]!
  }
  type Collection implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    updatedAt: DateTime!
    productsCount: Count
    sortOrder: CollectionSortOrder!
    ruleSet: CollectionRuleSet
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductCollectionSortKeys = COLLECTION_DEFAULT
    ): ProductConnection!
    hasProduct(id: ID!): Boolean!
  }
  enum ProductCollectionSortKeys {
    BEST_SELLING
    COLLECTION_DEFAULT
    CREATED
    ID
    MANUAL
    PRICE
    RELEVANCE
    TITLE
  }
  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }
  type ProductEdge {
    cursor: String!
    node: Product!
  }
  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }
  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }
  type CollectionConnection {
    edges: [CollectionEdge!]!
    nodes: [Collection!]!
    pageInfo: PageInfo!
  }
  type CollectionEdge {
    cursor: String!
    node: Collection!
  }
  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }
  enum CollectionSortKeys {
    ID
    RELEVANCE
    TITLE
    UPDATED_AT
  }
  enum ProductVariantSortKeys {
    FULL_TITLE
    ID
    INVENTORY_LEVELS_AVAILABLE
    INVENTORY_MANAGEMENT
    INVENTORY_POLICY
    INVENTORY_QUANTITY
    NAME
    POPULAR
    POSITION
    RELEVANCE
    SKU
    TITLE
  }
`;

// Emulator
export { startShopifyEmulator, type ShopifyEmulator, type ShopifyEmulatorOptions } from './emulator/start';
/** The token the emulator gives a demo shop when none is configured (tests that reach a running emulator). */
export { defaultTokenOf } from './emulator/shops';
export { ManualClock, systemClock, type Clock } from './emulator/clock';
export { standardPlan, type BucketConfig } from './emulator/bucket';
export type { FaultKind, FaultRule } from './emulator/faults';
export type { CallLogEntry, CallLogFilter } from './emulator/call-log';
export type { DemoShopConfig } from './emulator/state/seed';
export type { Scope } from './emulator/graphql/context';

// Adapter
export {
  createShopifyAdapter,
  type ShopifyAdapter,
  type ShopifyAdapterOptions,
  type ShopifyStore,
  type StoreLookup,
} from './adapter/adapter';
export { shopifyAdapterFromEnv } from './adapter/adapter-from-env';
export {
  apiVersion,
  functionIdVariableOf,
  shopDomainOf,
  storesFromEnv,
  tokenVariableOf,
  type StoreConfig,
} from './adapter/config';
export * from './adapter/errors';
export {
  discountModelSchema,
  type DiscountModel,
  type DiscountModelInput,
  type GwpDiscount,
  type MultiDiscount,
} from './adapter/model';
export { productionPolicy, type RetryPolicy } from './adapter/retry';
export type { CodeAddResult } from './adapter/operations/codes-bulk-add';
export type { ExistingCode } from './adapter/operations/codes-exist';
export { ownerMarker } from './adapter/operations/owner-marker';
export type { CodeDiscountRecord } from './adapter/operations/jsonl';
export type {
  ImportedCollection,
  ImportedProduct,
  ImportedProductWithVariants,
  ImportedVariant,
} from './adapter/operations/catalog';

// Discount Function
export { run as runDiscountFunction, type FunctionInput, type FunctionResult } from './discount-function/run';
export { configMetafield, rulesConfigSchema, type DiscountRule, type RulesConfig } from './discount-function/config';

// The discount Function and its configuration, without the adapter or the emulator: what a preview runs.
export { discountsOf, type Candidate, type CartLine, type FunctionInput, type FunctionResult } from './run';
export { parseRulesConfig } from './parse-config';
export { configMetafield, rulesConfigSchema, type DiscountRule, type RulesConfig } from './config';

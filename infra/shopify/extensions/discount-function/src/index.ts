// The Function's entry: Shopify calls the export named in shopify.extension.toml (kebab-case → camelCase).
// It is the very `run` our unit tests call, bundled by the Shopify CLI. The extension is a package of its own
// only for that CLI (its package.json), so the import crosses into @dm/shopify's sources on purpose.
// eslint-disable-next-line import-x/no-relative-packages
import { run } from '../../../src/discount-function/run';
import type { CartLinesDiscountsGenerateRunInput, CartLinesDiscountsGenerateRunResult } from '../generated/api';

/**
 * Typed by the types `shopify app function typegen` generates from schema.graphql and the input query: what Shopify
 * sends must fit `run`'s `FunctionInput`, and what `run` answers must fit the schema's result, or typecheck fails.
 */
export const cartLinesDiscountsGenerateRun: (
  input: CartLinesDiscountsGenerateRunInput,
) => CartLinesDiscountsGenerateRunResult = run;

// The Function's entry: Shopify calls the export named in shopify.extension.toml (kebab-case → camelCase).
// It is the very `run` our unit tests call, bundled by the Shopify CLI. The extension is a package of its own
// only for that CLI (its package.json), so the import crosses into @dm/shopify's sources on purpose.
// eslint-disable-next-line import-x/no-relative-packages
export { run as cartLinesDiscountsGenerateRun } from '../../../src/discount-function/run';

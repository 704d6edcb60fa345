import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { getQuickJS, type QuickJSWASMModule } from 'quickjs-emscripten';
import { beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-relative-packages
import { run, type FunctionInput } from '../../src/discount-function/run';

/**
 * The Function as Shopify runs it: bundled with the Shopify CLI's esbuild settings (`getESBuildOptions` in
 * Shopify/cli packages/app/src/cli/services/function/build.ts: bundle, `legalComments: 'none'`, `target: 'es2022'`,
 * `format: 'esm'`, the entry aliased as `user-function`), then run in QuickJS — the engine Javy compiles into the
 * Function's WebAssembly — not in Node. Javy's I/O wrapper (`@shopify/shopify_function/run`) is replaced by two
 * globals, input and output: the only difference from the CLI's bundle.
 */
const entry = fileURLToPath(new URL('./src/index.ts', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
/** Shopify's limit on a Function's module (its platform limits: 256 KB). */
const shopifyModuleLimitBytes = 256 * 1024;
let bundle: string;
let quickjs: QuickJSWASMModule;

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `import { cartLinesDiscountsGenerateRun } from 'user-function';
globalThis.__output = JSON.stringify(cartLinesDiscountsGenerateRun(JSON.parse(globalThis.__input)));`,
      loader: 'ts',
      resolveDir: here,
    },
    alias: { 'user-function': entry },
    define: {},
    logLevel: 'silent',
    bundle: true,
    legalComments: 'none',
    target: 'es2022',
    format: 'esm',
    write: false,
  });
  bundle = result.outputFiles[0]!.text;
  quickjs = await getQuickJS();
}, 60_000);

/** QuickJS polls its interrupt handler once per 10,000 function calls and loop iterations: a floor on its work. */
const inQuickJs = (input: FunctionInput) => {
  const runtime = quickjs.newRuntime();
  let polls = 0;
  runtime.setInterruptHandler(() => {
    polls++;
    return false;
  });
  const vm = runtime.newContext();
  try {
    const text = vm.newString(JSON.stringify(input));
    vm.setProp(vm.global, '__input', text);
    text.dispose();
    vm.unwrapResult(vm.evalCode(bundle, 'function.js')).dispose();
    const output = vm.getProp(vm.global, '__output');
    const result = JSON.parse(vm.getString(output)) as unknown;
    output.dispose();
    return { result, polls };
  } finally {
    vm.dispose();
    runtime.dispose();
  }
};

const line = (n: number, price: string, productId: string, collections: string[] = []) => ({
  id: `gid://shopify/CartLine/${n}`,
  quantity: 1 + (n % 3),
  cost: { subtotalAmount: { amount: (Number(price) * (1 + (n % 3))).toFixed(2) } },
  merchandise: {
    id: `gid://shopify/ProductVariant/${n}`,
    product: {
      id: productId,
      inCollections: collections.map((c) => ({ collectionId: c, isMember: n % 2 === 0 })),
    },
  },
});
const cartOf = (lines: ReturnType<typeof line>[], rules: unknown[], collectionIds: string[] = []): FunctionInput => ({
  cart: {
    lines,
    cost: {
      subtotalAmount: { amount: lines.reduce((s, l) => s + Number(l.cost.subtotalAmount.amount), 0).toFixed(2) },
    },
  },
  discount: { metafield: { jsonValue: { version: 1, rules, collectionIds } } },
});
const product = (n: number) => `gid://shopify/Product/${n}`;
const carts: Record<string, FunctionInput> = {
  percentage: cartOf(
    [line(1, '120.00', product(1)), line(2, '70.00', product(2))],
    [{ value: { percentage: 20 }, appliesTo: { productIds: [product(1)] } }],
  ),
  'fixed above the price': cartOf(
    [line(1, '25.00', product(3))],
    [{ value: { amount: '30' }, appliesTo: { productIds: [product(3)] } }],
  ),
  overlapping: cartOf(
    [line(1, '120.00', product(1))],
    [
      { value: { percentage: 10 }, appliesTo: { productIds: [product(1)] } },
      { value: { amount: '13' }, appliesTo: { productIds: [product(1)] } },
    ],
  ),
  // A percentage of 0 is refused by the configuration's check: the Function then discounts nothing.
  'refused configuration': cartOf(
    [line(1, '120.00', product(1))],
    [{ value: { percentage: 0 }, appliesTo: { productIds: [product(1)] } }],
  ),
  'collection and order': cartOf(
    [
      line(1, '90.00', product(4), ['gid://shopify/Collection/7']),
      line(2, '90.00', product(5), ['gid://shopify/Collection/7']),
    ],
    [
      { value: { percentage: 15 }, appliesTo: { collectionIds: ['gid://shopify/Collection/7'] } },
      { value: { amount: '5' }, appliesTo: { all: true }, minimumSubtotal: '100' },
    ],
    ['gid://shopify/Collection/7'],
  ),
};

describe('When the discount Function is bundled as the Shopify CLI bundles it and run in QuickJS', () => {
  it.each(Object.keys(carts))('should give the same operations as run.ts in Node for the %s cart', (name) => {
    const input = carts[name]!;
    expect(inQuickJs(input).result).toEqual(JSON.parse(JSON.stringify(run(input))));
  });

  it('should be a bundle under Shopify’s 256 KB limit on a Function module, with no zod in it', () => {
    // The limit is on the Wasm module Javy builds, which holds this code compiled to QuickJS bytecode, of about
    // its size: the bundle's bytes are the figure this machine can check (decision 1435).
    expect(Buffer.byteLength(bundle)).toBeLessThan(shopifyModuleLimitBytes);
    expect(bundle).not.toMatch(/\bZodError\b/);
  });

  it('should need no Node or browser API: QuickJS has none to give, and every cart above ran there', () => {
    const vm = quickjs.newContext();
    try {
      const names = ['process', 'require', 'window', 'document', 'fetch', 'Buffer', 'setTimeout'];
      const probe = vm.unwrapResult(
        vm.evalCode(`${JSON.stringify(names)}.filter((n) => typeof globalThis[n] !== 'undefined')`),
      );
      expect(vm.dump(probe)).toEqual([]);
      probe.dispose();
    } finally {
      vm.dispose();
    }
  });

  it('should price a cart of 200 lines with 50 rules, and report its work beside Shopify’s 11 million instructions', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      line(i + 1, `${10 + (i % 40)}.00`, product(i % 60), ['gid://shopify/Collection/7']),
    );
    const rules = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? { value: { percentage: 5 + (i % 30) }, appliesTo: { productIds: [product(i), product(i + 1)] } }
        : { value: { amount: `${i}` }, appliesTo: { collectionIds: ['gid://shopify/Collection/7'] } },
    );
    const input = cartOf(lines, rules, ['gid://shopify/Collection/7']);
    const { result, polls } = inQuickJs(input);
    expect(result).toEqual(JSON.parse(JSON.stringify(run(input))));
    // Not a Wasm instruction count (that needs Javy's module): calls and loop iterations, in steps of 10,000.
    console.log(
      `QuickJS, 200 lines × 50 rules: ${polls} interrupt polls ≈ ${polls * 10_000} calls and loop iterations at least; Shopify's limit: 11,000,000 Wasm instructions; bundle ${Buffer.byteLength(bundle)} bytes`,
    );
    expect(polls).toBeLessThan(1100);
  });
});

import { readFileSync } from 'node:fs';
import {
  buildSchema,
  coerceInputValue,
  parse,
  validate,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
// The extension's own package.json is for the Shopify CLI; these are @dm/shopify's sources it bundles.
// eslint-disable-next-line import-x/no-relative-packages
import { configMetafield } from '../../src/discount-function/config';
// eslint-disable-next-line import-x/no-relative-packages
import { run } from '../../src/discount-function/run';
import * as entry from './src/index';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const toml = read('./shopify.extension.toml');
const setting = (key: string) => new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1];
const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Shopify's Function API schema (Discount API), as committed for the CLI's typegen: see its header. */
const schema = buildSchema(read('./schema.graphql'));

describe('When the Shopify CLI builds the discount Function extension', () => {
  it('should find the cart-lines discount target exported by the entry as the same run our tests call', () => {
    expect(setting('target')).toBe('cart.lines.discounts.generate.run');
    const exported = camel(setting('export') ?? '');
    expect(Object.keys(entry)).toEqual([exported]);
    expect((entry as Record<string, unknown>)[exported]).toBe(run);
  });

  it('should read the configuration metafield and pass its collection ids to the input query', () => {
    expect(setting('namespace')).toBe(configMetafield.namespace);
    expect(setting('key')).toBe(configMetafield.key);
    const query = read(`./${setting('input_query')}`);
    const operation = parse(query).definitions[0] as OperationDefinitionNode;
    expect(operation.variableDefinitions?.map((v) => v.variable.name.value)).toEqual(['collectionIds']);
    expect(query).toContain(`metafield(namespace: "${configMetafield.namespace}", key: "${configMetafield.key}")`);
  });

  it('should turn an input shaped by the query into discounts, a custom product line included', () => {
    const line = (id: string, amount: string, merchandise: Record<string, unknown>) => ({
      id: `gid://shopify/CartLine/${id}`,
      quantity: 1,
      cost: { subtotalAmount: { amount } },
      merchandise,
    });
    const result = entry.cartLinesDiscountsGenerateRun({
      cart: {
        lines: [
          line('1', '80.0', {
            id: 'gid://shopify/ProductVariant/11',
            product: {
              id: 'gid://shopify/Product/1',
              inCollections: [{ collectionId: 'gid://shopify/Collection/7', isMember: true }],
            },
          }),
          line('2', '20.0', {}),
        ],
        cost: { subtotalAmount: { amount: '100.0' } },
      },
      discount: {
        metafield: {
          jsonValue: {
            version: 1,
            rules: [{ value: { percentage: 25 }, appliesTo: { collectionIds: ['gid://shopify/Collection/7'] } }],
            collectionIds: ['gid://shopify/Collection/7'],
          },
        },
      },
    });
    expect(result.operations).toEqual([
      {
        productDiscountsAdd: {
          candidates: [
            {
              message: '25% off',
              targets: [{ cartLine: { id: 'gid://shopify/CartLine/1' } }],
              value: { percentage: { value: 25 } },
            },
          ],
          selectionStrategy: 'ALL',
        },
      },
    ]);
  });

  it('should declare the API version of the committed schema', () => {
    expect(read('./schema.graphql')).toContain(`API version ${setting('api_version')},`);
  });

  it('should ask only for fields the Function API schema has, with its variable’s type', () => {
    const errors = validate(schema, parse(read(`./${setting('input_query')}`)));
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('should answer only what the schema’s result type accepts, for product, order and refused rules', () => {
    const result = schema.getType('CartLinesDiscountsGenerateRunResult') as GraphQLInputType;
    const variant = {
      id: 'gid://shopify/ProductVariant/1',
      product: { id: 'gid://shopify/Product/1', inCollections: [] },
    };
    const lines = [{ id: 'gid://shopify/CartLine/1', quantity: 2, cost: { subtotalAmount: { amount: '80.0' } } }];
    const configs = [
      [{ value: { percentage: 10 }, appliesTo: { all: true } }],
      [{ value: { amount: '5.5' }, appliesTo: { variantIds: ['gid://shopify/ProductVariant/1'] } }],
      [{ value: { percentage: 0 }, appliesTo: { all: true } }],
    ];
    const operationCounts: number[] = [];
    for (const rules of configs) {
      const output = run({
        cart: {
          lines: lines.map((l) => ({ ...l, merchandise: variant })),
          cost: { subtotalAmount: { amount: '80.0' } },
        },
        discount: { metafield: { jsonValue: { version: 1, rules } } },
      });
      expect(() => coerceInputValue(output, result)).not.toThrow();
      operationCounts.push(output.operations.length);
    }
    expect(operationCounts).toEqual([1, 1, 0]);
    // The check has teeth: an order candidate aimed at a line is not the schema's.
    const wrong = {
      operations: [
        {
          orderDiscountsAdd: {
            candidates: [{ targets: [{ cartLine: { id: '1' } }], value: { percentage: { value: 5 } } }],
            selectionStrategy: 'MAXIMUM',
          },
        },
      ],
    };
    expect(() => coerceInputValue(wrong, result)).toThrow(/cartLine/);
  });
});

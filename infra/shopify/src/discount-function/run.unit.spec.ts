import { describe, expect, it } from 'vitest';
import type { RulesConfig } from './config';
import { run, type CartLine, type FunctionInput } from './run';

const line = (id: string, amount: string, quantity = 1, collections: string[] = []): CartLine => ({
  id: `gid://shopify/CartLine/${id}`,
  quantity,
  cost: { subtotalAmount: { amount } },
  merchandise: {
    id: `gid://shopify/ProductVariant/${id}`,
    product: {
      id: `gid://shopify/Product/${id}`,
      inCollections: collections.map((c) => ({ collectionId: c, isMember: true })),
    },
  },
});

const input = (config: unknown, lines: CartLine[]): FunctionInput => ({
  cart: {
    lines,
    cost: { subtotalAmount: { amount: String(lines.reduce((s, l) => s + Number(l.cost.subtotalAmount.amount), 0)) } },
  },
  discount: { metafield: { jsonValue: config } },
});

describe('When the multi discount Function runs', () => {
  it('should give an order discount for an order-wide rule whose minimum is met', () => {
    const config: RulesConfig = {
      version: 1,
      rules: [{ value: { percentage: 15 }, appliesTo: { all: true }, minimumSubtotal: '100' }],
    };
    const result = run(input(config, [line('1', '60'), line('2', '50')]));
    expect(result.operations).toEqual([
      {
        orderDiscountsAdd: {
          candidates: [
            {
              message: '15% off',
              targets: [{ orderSubtotal: { excludedCartLineIds: [] } }],
              value: { percentage: { value: 15 } },
            },
          ],
          selectionStrategy: 'MAXIMUM',
        },
      },
    ]);
  });

  it('should give nothing when no minimum is met', () => {
    const config: RulesConfig = {
      version: 1,
      rules: [{ value: { percentage: 15 }, appliesTo: { all: true }, minimumQuantity: 3 }],
    };
    expect(run(input(config, [line('1', '60')])).operations).toEqual([]);
  });

  it('should give each line its best targeted rule', () => {
    const config: RulesConfig = {
      version: 1,
      rules: [
        { title: 'Sale 10%', value: { percentage: 10 }, appliesTo: { collectionIds: ['gid://shopify/Collection/9'] } },
        { title: 'Five off', value: { amount: '5.0' }, appliesTo: { productIds: ['gid://shopify/Product/1'] } },
      ],
    };
    const result = run(
      input(config, [
        line('1', '100', 1, ['gid://shopify/Collection/9']),
        line('2', '20', 1, ['gid://shopify/Collection/9']),
        line('3', '20'),
      ]),
    );
    expect(result.operations).toEqual([
      {
        productDiscountsAdd: {
          candidates: [
            {
              message: 'Sale 10%',
              targets: [{ cartLine: { id: 'gid://shopify/CartLine/1' } }],
              value: { percentage: { value: 10 } },
            },
            {
              message: 'Sale 10%',
              targets: [{ cartLine: { id: 'gid://shopify/CartLine/2' } }],
              value: { percentage: { value: 10 } },
            },
          ],
          selectionStrategy: 'ALL',
        },
      },
    ]);
  });

  it('should prefer a fixed amount where it is worth more', () => {
    const config: RulesConfig = {
      version: 1,
      rules: [
        { value: { percentage: 10 }, appliesTo: { variantIds: ['gid://shopify/ProductVariant/1'] } },
        { value: { amount: '5.0' }, appliesTo: { productIds: ['gid://shopify/Product/1'] } },
      ],
    };
    const [op] = run(input(config, [line('1', '20')])).operations;
    expect(op).toEqual({
      productDiscountsAdd: {
        candidates: [
          {
            message: '5.0 off',
            targets: [{ cartLine: { id: 'gid://shopify/CartLine/1' } }],
            value: { fixedAmount: { amount: '5.0' } },
          },
        ],
        selectionStrategy: 'ALL',
      },
    });
  });

  it('should do nothing with a missing or malformed configuration', () => {
    expect(run(input({ version: 2 }, [line('1', '20')])).operations).toEqual([]);
    expect(run({ ...input(null, [line('1', '20')]), discount: { metafield: null } }).operations).toEqual([]);
  });
});

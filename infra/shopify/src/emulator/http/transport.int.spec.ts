import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({
    extraTokens: [{ slug: 'aurora-uk', token: 'shpat_products_only', scopes: ['read_products'] }],
  });
});
afterAll(() => t.emulator.stop());

describe('When a client calls the Admin GraphQL route', () => {
  it('should answer 401 with Shopify text for a bad token', async () => {
    const answer = await t.gql('{ discountNodesCount { count } }', {}, { token: 'shpat_wrong' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
  });

  it('should echo the version and always carry extensions.cost', async () => {
    const answer = await t.gql('{ productsCount { count precision } }', {}, { version: '2026-10' });
    expect(answer.headers.get('x-shopify-api-version')).toBe('2026-10');
    expect(answer.body.data).toEqual({ productsCount: { count: 16, precision: 'EXACT' } });
    expect(answer.body.extensions?.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it('should word an unknown field as Shopify does, with HTTP 200 and a cost block', async () => {
    const answer = await t.gql('{ shopName }');
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([
      {
        message: "Field 'shopName' doesn't exist on type 'QueryRoot'",
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'undefinedField', typeName: 'QueryRoot', fieldName: 'shopName' },
      },
    ]);
    expect(answer.body.extensions?.cost.actualQueryCost).toBeNull();
  });

  it('should report bad variables as INVALID_VARIABLE with problems', async () => {
    const query =
      'mutation ($input: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $input) { userErrors { message } } }';
    const bad = await t.gql(query, { input: { customerGets: { value: { discountAmount: { amount: 'abc' } } } } });
    expect(bad.body.errors).toMatchObject([
      {
        message: 'Variable $input of type DiscountCodeBasicInput! was provided invalid value',
        extensions: {
          code: 'INVALID_VARIABLE',
          problems: [
            { path: ['customerGets', 'value', 'discountAmount', 'amount'], explanation: "invalid decimal 'abc'" },
          ],
        },
      },
    ]);
    const missing = await t.gql(query, {});
    expect(missing.body.errors).toMatchObject([
      {
        extensions: {
          code: 'INVALID_VARIABLE',
          problems: [{ path: [], explanation: 'Expected value to not be null' }],
        },
      },
    ]);
  });

  it('should reject an inline null for a required argument as argumentLiteralsIncompatible', async () => {
    const answer = await t.gql(
      'mutation { discountCodeBasicCreate(basicCodeDiscount: null) { userErrors { message } } }',
    );
    expect(answer.body.errors).toMatchObject([
      {
        message:
          "Argument 'basicCodeDiscount' on Field 'discountCodeBasicCreate' has an invalid value (null). Expected type 'DiscountCodeBasicInput!'.",
        extensions: { code: 'argumentLiteralsIncompatible' },
      },
    ]);
  });

  it('should deny fields outside the token scopes with ACCESS_DENIED and null data', async () => {
    const answer = await t.gql(
      '{ codeDiscountNodeByCode(code: "WELCOME10") { id } productsCount { count } }',
      {},
      { token: 'shpat_products_only' },
    );
    expect(answer.body.data).toEqual({ codeDiscountNodeByCode: null, productsCount: { count: 16 } });
    expect(answer.body.errors).toMatchObject([
      {
        message: 'Access denied for codeDiscountNodeByCode field. Required access: `read_discounts` access scope.',
        path: ['codeDiscountNodeByCode'],
        extensions: { code: 'ACCESS_DENIED' },
      },
    ]);
  });

  it('should refuse connections without first or last, or with both, or over 250', async () => {
    const none = await t.gql('{ discountNodes { nodes { id } } }');
    expect(none.body).toMatchObject({
      data: null,
      errors: [
        {
          message: 'you must provide one of first or last',
          extensions: { code: 'BAD_REQUEST' },
          path: ['discountNodes'],
        },
      ],
    });
    const both = await t.gql('{ discountNodes(first: 1, last: 1) { nodes { id } } }');
    expect(both.body.errors).toMatchObject([{ message: 'providing both first and last is not supported' }]);
    const big = await t.gql('{ products(first: 251) { nodes { id } } }');
    expect(big.body.errors).toMatchObject([{ extensions: { code: 'BAD_REQUEST' } }]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.stop());
beforeEach(() => t.emulator.bucket('aurora-uk').setLevel(2000));

const lookup = (n: number) =>
  `query { ${Array.from({ length: n }, (_, i) => `c${i}: codeDiscountNodeByCode(code: "NOPE${i}") { id }`).join(' ')} }`;

describe('When requests draw on the shop bucket', () => {
  it('should deduct the requested cost and refund the difference to the actual cost', async () => {
    const answer = await t.gql('{ discountNodes(first: 10, query: "status:scheduled") { nodes { id } } }');
    const cost = answer.body.extensions!.cost;
    expect(cost.requestedQueryCost).toBe(12);
    expect(cost.actualQueryCost).toBe(3);
    expect(cost.throttleStatus.currentlyAvailable).toBe(2000 - 3);
  });

  it('should charge one point per codeDiscountNodeByCode alias, found or not', async () => {
    const answer = await t.gql(lookup(200));
    expect(answer.body.extensions!.cost).toMatchObject({
      requestedQueryCost: 200,
      actualQueryCost: 200,
      throttleStatus: { currentlyAvailable: 1800 },
    });
  });

  it('should throttle when the bucket is short, without data and without charging, then refill with time', async () => {
    t.emulator.bucket('aurora-uk').setLevel(150);
    const throttled = await t.gql(lookup(200));
    expect(throttled.body).toEqual({
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 200,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 150, restoreRate: 100 },
        },
      },
    });
    t.clock.advance(500);
    const allowed = await t.gql(lookup(200));
    expect(allowed.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(0);
  });

  it('should refuse a query over 1000 points with MAX_COST_EXCEEDED before touching the bucket', async () => {
    const answer = await t.gql('{ products(first: 250) { nodes { id variants(first: 10) { nodes { id } } } } }');
    const error = (answer.body.errors as { message: string; extensions: Record<string, unknown> }[])[0]!;
    expect(error.extensions).toEqual({ code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000 });
    expect(error.message.startsWith('Query cost is 3252, which exceeds the single query max cost limit (1000).')).toBe(
      true,
    );
    expect(answer.body.extensions!.cost).toMatchObject({
      requestedQueryCost: 3252,
      actualQueryCost: null,
      throttleStatus: { currentlyAvailable: 2000 },
    });
    expect(answer.body.data).toBeUndefined();
  });

  it('should refuse arrays over 250 with MAX_INPUT_SIZE_EXCEEDED, no data key, and still charge', async () => {
    const codes = Array.from({ length: 251 }, (_, i) => ({ code: `X${i}` }));
    const answer = await t.gql(
      'mutation ($id: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $id, codes: $codes) { bulkCreation { id } userErrors { message } } }',
      { id: 'gid://shopify/DiscountCodeNode/1', codes },
    );
    expect(answer.body.errors).toMatchObject([
      {
        message: 'The input array size of 251 is greater than the maximum allowed of 250.',
        path: ['discountRedeemCodeBulkAdd', 'codes'],
        extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
      },
    ]);
    expect('data' in answer.body).toBe(false);
    expect(answer.body.extensions!.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: null,
      throttleStatus: { currentlyAvailable: 1990 },
    });
  });

  it('should keep one bucket per shop and token', async () => {
    t.emulator.bucket('aurora-uk').setLevel(0);
    const other = await t.gql('{ productsCount { count } }', {}, { slug: 'aurora-de' });
    expect(other.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(1999);
  });
});

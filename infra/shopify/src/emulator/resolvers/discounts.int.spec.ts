import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.stop());

const create = `mutation ($input: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $input) {
  codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { title status summary discountClasses codes(first: 2) { nodes { code } } } } }
  userErrors { field message code } } }`;
const basic = (overrides: Record<string, unknown> = {}) => ({
  title: 'Autumn 15',
  code: 'AUTUMN15',
  startsAt: '2026-09-01T00:00:00Z',
  context: { all: 'ALL' },
  customerGets: { value: { percentage: 0.15 }, items: { all: true } },
  ...overrides,
});
const errorsOf = (answer: Awaited<ReturnType<TestEmulator['gql']>>, root: string) => field(answer, root).userErrors;

describe('When code discounts are created and changed', () => {
  it('should create a basic discount with derived status, classes and summary', async () => {
    const answer = await t.gql(create, { input: basic() });
    expect(field(answer, 'discountCodeBasicCreate')).toMatchObject({
      codeDiscountNode: {
        codeDiscount: {
          title: 'Autumn 15',
          status: 'ACTIVE',
          summary: '15% off entire order',
          discountClasses: ['ORDER'],
          codes: { nodes: [{ code: 'AUTUMN15' }] },
        },
      },
      userErrors: [],
    });
  });

  it('should refuse a code taken anywhere in the shop, case-insensitively', async () => {
    const answer = await t.gql(create, { input: basic({ code: 'welcome10' }) });
    expect(errorsOf(answer, 'discountCodeBasicCreate')).toEqual([
      {
        field: ['basicCodeDiscount', 'code'],
        message: 'Code must be unique. Please try a different code.',
        code: 'TAKEN',
      },
    ]);
  });

  it('should return the §5.4 user errors together', async () => {
    const answer = await t.gql(create, {
      input: {
        code: 'A\nB',
        startsAt: '2026-09-01T00:00:00Z',
        endsAt: '2026-08-01T00:00:00Z',
        usageLimit: 0,
        customerGets: { value: { percentage: 1.5 } },
        minimumRequirement: {
          quantity: { greaterThanOrEqualToQuantity: '2' },
          subtotal: { greaterThanOrEqualToSubtotal: '10' },
        },
      },
    });
    expect(errorsOf(answer, 'discountCodeBasicCreate')).toEqual([
      { field: ['basicCodeDiscount', 'title'], message: "Title can't be blank", code: 'BLANK' },
      { field: ['basicCodeDiscount', 'endsAt'], message: 'Ends at needs to be after starts_at', code: 'INVALID' },
      {
        field: ['basicCodeDiscount', 'usageLimit'],
        message: 'Usage limit must be greater than 0',
        code: 'GREATER_THAN',
      },
      {
        field: ['basicCodeDiscount', 'customerGets', 'value', 'percentage'],
        message: 'Value must be between 0.0 and 1.0',
        code: 'VALUE_OUTSIDE_RANGE',
      },
      {
        field: ['basicCodeDiscount', 'minimumRequirement', 'subtotal', 'greaterThanOrEqualToSubtotal'],
        message: 'Minimum subtotal cannot be defined when minimum quantity is.',
        code: 'CONFLICT',
      },
      {
        field: ['basicCodeDiscount', 'minimumRequirement', 'quantity', 'greaterThanOrEqualToQuantity'],
        message: 'Minimum quantity cannot be defined when minimum subtotal is.',
        code: 'CONFLICT',
      },
      { field: ['basicCodeDiscount', 'code'], message: 'Code cannot contain newline characters.', code: 'INVALID' },
    ]);
  });

  it('should answer two values at once with a top-level BAD_REQUEST', async () => {
    const answer = await t.gql(create, {
      input: basic({
        code: 'TWO',
        customerGets: { value: { percentage: 0.1, discountAmount: { amount: '5' } }, items: { all: true } },
      }),
    });
    expect(answer.body.errors).toMatchObject([
      {
        message: 'A discount can only have one of percentage, discountOnQuantity or discountAmount.',
        path: ['discountCodeBasicCreate'],
        extensions: { code: 'BAD_REQUEST' },
      },
    ]);
  });

  it('should create a gift-with-purchase BXGY and check its numbers', async () => {
    const products = await t.gql('{ products(first: 1) { nodes { id variants(first: 1) { nodes { id } } } } }');
    const product = (field(products, 'products').nodes as { id: string; variants: { nodes: { id: string }[] } }[])[0]!;
    const query = `mutation ($input: DiscountCodeBxgyInput!) { discountCodeBxgyCreate(bxgyCodeDiscount: $input) {
      codeDiscountNode { codeDiscount { ... on DiscountCodeBxgy { summary discountClasses customerBuys { value { __typename ... on DiscountQuantity { quantity } } }
        customerGets { value { ... on DiscountOnQuantity { quantity { quantity } effect { ... on DiscountPercentage { percentage } } } } } } } }
      userErrors { field message code } } }`;
    const input = {
      title: 'Gift',
      code: 'GIFT2',
      startsAt: '2026-04-25T00:00:00Z',
      context: { all: 'ALL' },
      usesPerOrderLimit: 1,
      customerBuys: { value: { quantity: '2' }, items: { products: { productsToAdd: [product.id] } } },
      customerGets: {
        value: { discountOnQuantity: { quantity: '1', effect: { percentage: 1 } } },
        items: { products: { productVariantsToAdd: [product.variants.nodes[0]!.id] } },
      },
    };
    const ok = await t.gql(query, { input });
    expect(field(ok, 'discountCodeBxgyCreate')).toEqual({
      codeDiscountNode: {
        codeDiscount: {
          summary: 'Buy 2 items, get 1 item free',
          discountClasses: ['PRODUCT'],
          customerBuys: { value: { __typename: 'DiscountQuantity', quantity: '2' } },
          customerGets: { value: { quantity: { quantity: '1' }, effect: { percentage: 1 } } },
        },
      },
      userErrors: [],
    });
    const bad = await t.gql(query, {
      input: {
        ...input,
        code: 'GIFT3',
        usesPerOrderLimit: 0,
        customerBuys: {
          value: { quantity: '0' },
          items: { products: { productsToAdd: ['gid://shopify/Product/999999999999'] } },
        },
      },
    });
    expect(errorsOf(bad, 'discountCodeBxgyCreate')).toEqual([
      {
        field: ['bxgyCodeDiscount', 'customerBuys', 'value', 'quantity'],
        message: 'Prerequisite to entitlement quantity ratio antecedent must be greater than 0',
        code: 'GREATER_THAN',
      },
      {
        field: ['bxgyCodeDiscount', 'customerBuys', 'items', 'products', 'productsToAdd'],
        message: 'Product with id: 999999999999 is invalid',
        code: 'INVALID',
      },
      {
        field: ['bxgyCodeDiscount', 'usesPerOrderLimit'],
        message: 'Allocation limit cannot be zero',
        code: 'VALUE_OUTSIDE_RANGE',
      },
    ]);
  });

  it('should create and update an app discount with its Function and metafield', async () => {
    const functionId = t.emulator.functionIds['aurora-uk'];
    const query = `mutation ($input: DiscountCodeAppInput!) { discountCodeAppCreate(codeAppDiscount: $input) {
      codeAppDiscount { discountId title appDiscountType { functionId } } userErrors { field message code } } }`;
    const input = {
      title: 'Multi',
      code: 'MULTI-NEW',
      startsAt: '2026-01-01T00:00:00Z',
      functionId,
      metafields: [
        { namespace: '$app:discount-manager', key: 'function-configuration', type: 'json', value: '{"version":1}' },
      ],
    };
    const created = field(await t.gql(query, { input }), 'discountCodeAppCreate') as {
      codeAppDiscount: { discountId: string };
    };
    expect(created).toMatchObject({
      codeAppDiscount: { title: 'Multi', appDiscountType: { functionId } },
      userErrors: [],
    });
    const unknown = await t.gql(query, { input: { ...input, code: 'MULTI-X', functionId: 'nope' } });
    expect(errorsOf(unknown, 'discountCodeAppCreate')).toMatchObject([
      { field: ['codeAppDiscount', 'functionId'], code: 'INVALID' },
    ]);
    const read = await t.gql(
      'query ($id: ID!) { codeDiscountNode(id: $id) { metafield(namespace: "$app:discount-manager", key: "function-configuration") { jsonValue } } }',
      { id: created.codeAppDiscount.discountId },
    );
    expect(field(read, 'codeDiscountNode')).toEqual({ metafield: { jsonValue: { version: 1 } } });
  });

  it('should deactivate to EXPIRED, activate back, rename the first code, and delete', async () => {
    const made = field(await t.gql(create, { input: basic({ code: 'CYCLE1' }) }), 'discountCodeBasicCreate') as {
      codeDiscountNode: { id: string };
    };
    const id = made.codeDiscountNode.id;
    const state =
      'codeDiscountNode { codeDiscount { ... on DiscountCodeBasic { status endsAt } } } userErrors { message }';
    const off = await t.gql(`mutation ($id: ID!) { discountCodeDeactivate(id: $id) { ${state} } }`, { id });
    expect(field(off, 'discountCodeDeactivate')).toMatchObject({
      codeDiscountNode: { codeDiscount: { status: 'EXPIRED', endsAt: '2026-11-23T12:00:00Z' } },
    });
    t.clock.advance(1000);
    const on = await t.gql(`mutation ($id: ID!) { discountCodeActivate(id: $id) { ${state} } }`, { id });
    expect(field(on, 'discountCodeActivate')).toMatchObject({
      codeDiscountNode: { codeDiscount: { status: 'ACTIVE', endsAt: null } },
    });
    const update =
      'mutation ($id: ID!, $input: DiscountCodeBasicInput!) { discountCodeBasicUpdate(id: $id, basicCodeDiscount: $input) { codeDiscountNode { codeDiscount { ... on DiscountCodeBasic { codes(first: 1) { nodes { code } } } } } userErrors { field message code } } }';
    const renamed = await t.gql(update, { id, input: { code: 'CYCLE2' } });
    expect(field(renamed, 'discountCodeBasicUpdate')).toMatchObject({
      codeDiscountNode: { codeDiscount: { codes: { nodes: [{ code: 'CYCLE2' }] } } },
    });
    const missing = await t.gql(update, { id: 'gid://shopify/DiscountCodeNode/1', input: { title: 'x' } });
    expect(errorsOf(missing, 'discountCodeBasicUpdate')).toEqual([
      { field: ['id'], message: 'Discount does not exist', code: null },
    ]);
    const deleted = await t.gql(
      'mutation ($id: ID!) { discountCodeDelete(id: $id) { deletedCodeDiscountId userErrors { message } } }',
      { id },
    );
    expect(field(deleted, 'discountCodeDelete')).toEqual({ deletedCodeDiscountId: id, userErrors: [] });
    const gone = await t.gql('{ codeDiscountNodeByCode(code: "CYCLE2") { id } }');
    expect(field(gone, 'codeDiscountNodeByCode')).toBeNull();
    const again = await t.gql(
      'mutation ($id: ID!) { discountCodeDelete(id: $id) { userErrors { field message code } } }',
      { id },
    );
    expect(errorsOf(again, 'discountCodeDelete')).toEqual([
      { field: ['id'], message: 'Code discount does not exist.', code: 'INVALID' },
    ]);
  });
});

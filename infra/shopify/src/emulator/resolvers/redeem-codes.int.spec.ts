import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
let discountId: string;
beforeAll(async () => {
  t = await startTestEmulator();
  const found = await t.gql('{ codeDiscountNodeByCode(code: "SAVE5") { id } }');
  discountId = (field(found, 'codeDiscountNodeByCode') as { id: string }).id;
});
afterAll(() => t.emulator.stop());

const add = `mutation ($id: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $id, codes: $codes) {
  bulkCreation { id done codesCount importedCount failedCount codes(first: 10) { nodes { code errors { field message code } discountRedeemCode { code } } } }
  userErrors { field message code } } }`;
const creation = `query ($id: ID!) { discountRedeemCodeBulkCreation(id: $id) { done codesCount importedCount failedCount
  codes(first: 10) { nodes { code errors { field message code } discountRedeemCode { code } } } } }`;

describe('When codes are bulk-added and deleted', () => {
  it('should queue the creation, check codes later, and only then show the accepted ones', async () => {
    const codes = ['NEWA', '', 'NEWB', 'newa', 'welcome10', 'X'.repeat(256), 'BAD\nLINE'].map((code) => ({ code }));
    const queued = field(await t.gql(add, { id: discountId, codes }), 'discountRedeemCodeBulkAdd') as {
      bulkCreation: { id: string };
    };
    expect(queued).toMatchObject({
      bulkCreation: { done: false, codesCount: 7, importedCount: 0, failedCount: 0 },
      userErrors: [],
    });
    expect(field(await t.gql('{ codeDiscountNodeByCode(code: "NEWA") { id } }'), 'codeDiscountNodeByCode')).toBeNull();
    const before = await t.gql(
      'query ($id: ID!) { codeDiscountNode(id: $id) { codeDiscount { ... on DiscountCodeBasic { updatedAt } } } }',
      { id: discountId },
    );
    t.clock.advance(1000);
    expect(await t.emulator.scheduler.runNext()).toBe(true);
    const done = field(await t.gql(creation, { id: queued.bulkCreation.id }), 'discountRedeemCodeBulkCreation');
    const error = (message: string) => [{ field: ['code'], message, code: null }];
    expect(done).toEqual({
      done: true,
      codesCount: 7,
      importedCount: 2,
      failedCount: 5,
      codes: {
        nodes: [
          { code: 'NEWA', errors: [], discountRedeemCode: { code: 'NEWA' } },
          { code: '', errors: error('is too short (minimum is 1 character)'), discountRedeemCode: null },
          { code: 'NEWB', errors: [], discountRedeemCode: { code: 'NEWB' } },
          {
            code: 'newa',
            errors: error('Codes must be unique within BulkDiscountCodeCreation'),
            discountRedeemCode: null,
          },
          {
            code: 'welcome10',
            errors: error('must be unique. Please try a different code.'),
            discountRedeemCode: null,
          },
          { code: 'X'.repeat(256), errors: error('is too long (maximum is 255 characters)'), discountRedeemCode: null },
          { code: 'BAD\nLINE', errors: error('cannot contain newline characters.'), discountRedeemCode: null },
        ],
      },
    });
    expect(field(await t.gql('{ codeDiscountNodeByCode(code: "newb") { id } }'), 'codeDiscountNodeByCode')).toEqual({
      id: discountId,
    });
    const after = await t.gql(
      'query ($id: ID!) { codeDiscountNode(id: $id) { codeDiscount { ... on DiscountCodeBasic { updatedAt codesCount { count } } } } }',
      { id: discountId },
    );
    expect(field(after, 'codeDiscountNode')).toEqual({
      codeDiscount: { updatedAt: '2026-11-23T12:00:01Z', codesCount: { count: 3 } },
    });
    expect(before.body.data).not.toEqual(after.body.data);
  });

  it('should report request-level problems as user errors', async () => {
    const unknown = await t.gql(add, { id: 'gid://shopify/DiscountCodeNode/1', codes: [{ code: 'A' }] });
    expect(field(unknown, 'discountRedeemCodeBulkAdd')).toEqual({
      bulkCreation: null,
      userErrors: [{ field: ['discountId'], message: 'Code discount does not exist.', code: 'INVALID' }],
    });
    const empty = await t.gql(add, { id: discountId, codes: [] });
    expect(field(empty, 'discountRedeemCodeBulkAdd')).toEqual({
      bulkCreation: null,
      userErrors: [{ field: ['codes'], message: "Codes can't be blank", code: 'BLANK' }],
    });
  });

  it('should delete codes by id through a job, with the selector rules', async () => {
    const del = `mutation ($id: ID!, $ids: [ID!], $search: String) { discountCodeRedeemCodeBulkDelete(discountId: $id, ids: $ids, search: $search) {
      job { id done } userErrors { field message code } } }`;
    const none = await t.gql(del, { id: discountId });
    expect(field(none, 'discountCodeRedeemCodeBulkDelete')).toMatchObject({
      job: null,
      userErrors: [
        {
          field: null,
          message: "Missing expected argument key: 'ids', 'search' or 'saved_search_id'.",
          code: 'MISSING_ARGUMENT',
        },
      ],
    });
    const two = await t.gql(del, { id: discountId, ids: ['x'], search: 'y' });
    expect(field(two, 'discountCodeRedeemCodeBulkDelete')).toMatchObject({
      userErrors: [{ code: 'TOO_MANY_ARGUMENTS' }],
    });
    const emptyIds = await t.gql(del, { id: discountId, ids: [] });
    expect(field(emptyIds, 'discountCodeRedeemCodeBulkDelete')).toMatchObject({
      userErrors: [{ field: null, message: 'Something went wrong, please try again.', code: null }],
    });
    const list = await t.gql(
      'query ($id: ID!) { codeDiscountNode(id: $id) { codeDiscount { ... on DiscountCodeBasic { codes(first: 10) { nodes { id code } } } } } }',
      { id: discountId },
    );
    const ids = (
      field(list, 'codeDiscountNode').codeDiscount as { codes: { nodes: { id: string; code: string }[] } }
    ).codes.nodes
      .filter((c) => c.code.startsWith('NEW'))
      .map((c) => c.id);
    const started = field(await t.gql(del, { id: discountId, ids }), 'discountCodeRedeemCodeBulkDelete') as {
      job: { id: string; done: boolean };
    };
    expect(started.job.done).toBe(false);
    await t.emulator.scheduler.runPending();
    expect(
      field(
        await t.gql('query ($id: ID!) { job(id: $id) { done query { __typename } } }', { id: started.job.id }),
        'job',
      ),
    ).toEqual({ done: true, query: { __typename: 'QueryRoot' } });
    expect(field(await t.gql('{ codeDiscountNodeByCode(code: "NEWA") { id } }'), 'codeDiscountNodeByCode')).toBeNull();
  });
});

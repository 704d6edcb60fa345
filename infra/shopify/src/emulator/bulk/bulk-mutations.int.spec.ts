import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
let discountId: string;
beforeAll(async () => {
  t = await startTestEmulator({ codesPerShop: 3 });
  const found = await t.gql('{ codeDiscountNodeByCode(code: "SAVE5") { id } }');
  discountId = (field(found, 'codeDiscountNodeByCode') as { id: string }).id;
});
afterAll(() => t.emulator.stop());

const stage = `mutation { stagedUploadsCreate(input: [{ resource: BULK_MUTATION_VARIABLES, filename: "v.jsonl",
  mimeType: "text/jsonl", httpMethod: POST }]) { stagedTargets { url parameters { name value } } userErrors { message } } }`;
const run = `mutation ($m: String!, $p: String!, $c: String) {
  bulkOperationRunMutation(mutation: $m, stagedUploadPath: $p, clientIdentifier: $c) {
    bulkOperation { id status type query } userErrors { field message code } } }`;
const add = (name: string) =>
  `mutation ${name}($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) { bulkCreation { id codes(first: 250) { edges { node { code } } } } userErrors { message } } }`;

/** Stages `content` as Shopify's bucket takes it: the target's parameters, then the file, in a multipart form. */
const staged = async (content: string): Promise<string> => {
  const target = (
    field(await t.gql(stage), 'stagedUploadsCreate') as {
      stagedTargets: { url: string; parameters: { name: string; value: string }[] }[];
    }
  ).stagedTargets[0]!;
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append('file', new Blob([content]), 'v.jsonl');
  const answer = await fetch(target.url, { method: 'POST', body: form });
  expect(answer.status).toBe(201);
  return target.parameters.find((p) => p.name === 'key')!.value;
};
const runOf = async (m: string, p: string, c?: string) =>
  field(await t.gql(run, { m, p, c: c ?? null }), 'bulkOperationRunMutation') as {
    bulkOperation: { id: string; status: string; type: string; query: string } | null;
    userErrors: { field: string[] | null; message: string; code: string | null }[];
  };
const line = (codes: string[]) => `${JSON.stringify({ discountId, codes: codes.map((code) => ({ code })) })}\n`;

describe('When a bulk mutation runs a staged file', () => {
  it('should refuse what Shopify refuses, with its texts', async () => {
    const path = await staged(line(['REFUSED-1']));
    expect((await runOf('mutation { not parseable', path)).userErrors[0]).toMatchObject({
      code: 'INVALID_MUTATION',
      message: expect.stringMatching(/^Failed to parse the mutation - /),
    });
    expect((await runOf('query { shop { id } }', path)).userErrors[0]!.message).toBe(
      'Invalid operation type. Only `mutation` operations are supported.',
    );
    expect(
      (await runOf('mutation ($q: String!) { bulkOperationRunQuery(query: $q) { userErrors { message } } }', path))
        .userErrors[0]!.message,
    ).toBe('You must use an allowed mutation name.');
    expect((await runOf(add('Short'), path, 'abc')).userErrors[0]).toMatchObject({
      field: ['clientIdentifier'],
      message: 'is too short (minimum is 10 characters)',
    });
    expect((await runOf(add('Missing'), 'tmp/1/bulk/none/v.jsonl')).userErrors[0]!.code).toBe('NO_SUCH_FILE');
    expect((await runOf(add('Empty'), await staged(''))).userErrors[0]!.code).toBe('INVALID_STAGED_UPLOAD_FILE');
  });

  it("should list it by its mutation text, run each line as that mutation and serve Shopify's result lines", async () => {
    const started = await runOf(add('DmCodesPush_abc'), await staged(line(['BULKRUN-1', 'BULKRUN-2'])));
    expect(started).toMatchObject({ bulkOperation: { status: 'CREATED', type: 'MUTATION' }, userErrors: [] });
    const listed = field(
      await t.gql('{ bulkOperations(first: 10, query: "operation_type:mutation") { nodes { id query } } }'),
      'bulkOperations',
    ) as { nodes: { id: string; query: string }[] };
    expect(listed.nodes.find((n) => n.id === started.bulkOperation!.id)?.query).toBe(add('DmCodesPush_abc'));
    await t.emulator.scheduler.runNext();
    await t.emulator.scheduler.runNext();
    const done = field(
      await t.gql('query ($id: ID!) { bulkOperation(id: $id) { status url objectCount } }', {
        id: started.bulkOperation!.id,
      }),
      'bulkOperation',
    ) as { status: string; url: string; objectCount: string };
    expect(done).toMatchObject({ status: 'COMPLETED', objectCount: '1' });
    const result = JSON.parse((await (await fetch(done.url)).text()).split('\n')[0]!) as {
      data: {
        discountRedeemCodeBulkAdd: { bulkCreation: { id: string; codes: { edges: { node: { code: string } }[] } } };
      };
      __lineNumber: number;
    };
    expect(result.__lineNumber).toBe(0);
    const creation = result.data.discountRedeemCodeBulkAdd.bulkCreation;
    expect(creation.codes.edges.map((e) => e.node.code)).toEqual(['BULKRUN-1', 'BULKRUN-2']);
    expect(t.emulator.callLog.entries({ rootField: 'discountRedeemCodeBulkAdd' }).at(-1)!.codes).toEqual([
      'BULKRUN-1',
      'BULKRUN-2',
    ]);
    await t.emulator.scheduler.runPending();
    expect(
      field(await t.gql('{ codeDiscountNodeByCode(code: "BULKRUN-2") { id } }'), 'codeDiscountNodeByCode'),
    ).toEqual({ id: discountId });
  });

  it('should run five at once per shop and refuse a sixth, naming the five', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await runOf(add(`Five${i}`), await staged(line([`FIVE-${i}`])))).bulkOperation!.id);
    const sixth = await runOf(add('Six'), await staged(line(['SIX-1'])));
    expect(sixth.bulkOperation).toBeNull();
    expect(sixth.userErrors[0]).toMatchObject({
      code: 'OPERATION_IN_PROGRESS',
      message: `A bulk mutation operation for this app and shop is already in progress: ${ids.join(', ')}.`,
    });
    await t.emulator.scheduler.runPending();
  });
});

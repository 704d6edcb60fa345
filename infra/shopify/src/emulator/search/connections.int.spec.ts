import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestEmulator, type TestEmulator } from '../../../test/harness';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.stop());

type Page = {
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  nodes: { id: string; title?: string }[];
};
const titles = `query ($after: String, $q: String) { discountNodes(first: 3, after: $after, query: $q, sortKey: TITLE, reverse: true) {
  pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id discount { ... on DiscountCodeBasic { title } ... on DiscountCodeBxgy { title } ... on DiscountCodeApp { title } } } } }`;

describe('When connections are paged and searched', () => {
  it('should page with opaque cursors in the chosen order', async () => {
    const first = field(await t.gql(titles, {}), 'discountNodes') as unknown as Page;
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(JSON.parse(Buffer.from(first.pageInfo.endCursor!, 'base64').toString())).toMatchObject({
      last_value: expect.any(String),
    });
    const second = field(await t.gql(titles, { after: first.pageInfo.endCursor }), 'discountNodes') as unknown as Page;
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const all = [...first.nodes, ...second.nodes].map(
      (n) => (n as unknown as { discount: { title: string } }).discount.title,
    );
    expect(all).toEqual([
      'Welcome 10',
      'Summer 2020',
      'Spring 20',
      'Save 5 on sale',
      'Multi tiered',
      'Influencer codes',
    ]);
  });

  it('should filter by status, type, dates and codes, and count with a limit', async () => {
    const count = async (q: string, limit?: number) =>
      field(
        await t.gql('query ($q: String, $l: Int) { discountNodesCount(query: $q, limit: $l) { count precision } }', {
          q,
          l: limit ?? 10000,
        }),
        'discountNodesCount',
      );
    expect(await count('status:expired')).toEqual({ count: 1, precision: 'EXACT' });
    expect(await count('status:active,scheduled')).toEqual({ count: 6, precision: 'EXACT' });
    expect(await count('type:bxgy')).toEqual({ count: 1, precision: 'EXACT' });
    expect(await count('discount_type:app')).toEqual({ count: 1, precision: 'EXACT' });
    expect(await count("method:code starts_at:>'2026-01-16T00:00:00Z'")).toEqual({ count: 4, precision: 'EXACT' });
    expect(await count('code:aurora-uk-inf-042')).toEqual({ count: 1, precision: 'EXACT' });
    expect(await count('-status:expired', 2)).toEqual({ count: 2, precision: 'AT_LEAST' });
  });

  it('should ignore unknown fields and bad values and report them in extensions.search', async () => {
    const answer = await t.gql('{ discountNodes(first: 1, query: "made_up:value status:bogus") { nodes { id } } }');
    expect(answer.body.extensions?.search).toEqual([
      {
        path: ['discountNodes'],
        query: 'made_up:value status:bogus',
        parsed: {
          and: [
            { field: 'made_up', match_all: 'value' },
            { field: 'status', match_all: 'bogus' },
          ],
        },
        warnings: [
          { field: 'made_up', message: 'Invalid search field for this query.', code: 'invalid_field' },
          { field: 'status', message: 'Input `bogus` is not an accepted value.', code: 'invalid_value' },
        ],
      },
    ]);
    expect((field(answer, 'discountNodes').nodes as unknown[]).length).toBe(1);
  });

  it('should find products by SKU, collection and vendor, with SKUs shared across the brand', async () => {
    const sku = (slug: string) =>
      t.gql('{ productVariants(first: 5, query: "sku:AUR-001-M") { nodes { sku product { title } } } }', {}, { slug });
    const uk = field(await sku('aurora-uk'), 'productVariants');
    const de = field(await sku('aurora-de'), 'productVariants');
    expect(uk).toEqual({ nodes: [{ sku: 'AUR-001-M', product: { title: 'Aurora Trail Jacket' } }] });
    expect(de).toEqual(uk);
    const local = await t.gql('{ productsCount(query: "sku:AUR-GB-001") { count } }', {}, { slug: 'aurora-de' });
    expect(field(local, 'productsCount')).toEqual({ count: 0 });
    const collections = await t.gql(
      '{ collections(first: 10, query: "collection_type:smart") { nodes { id title ruleSet { appliedDisjunctively } productsCount { count } } } }',
    );
    const smart = field(collections, 'collections').nodes as {
      id: string;
      title: string;
      productsCount: { count: number };
    }[];
    expect(smart.map((c) => c.title)).toEqual(['Jackets', 'Sale']);
    const inSale = await t.gql('query ($q: String) { productsCount(query: $q) { count } }', {
      q: `collection_id:${smart[1]!.id.replace(/.*\//, '')}`,
    });
    expect(field(inSale, 'productsCount')).toEqual({ count: smart[1]!.productsCount.count });
  });

  it("should page a discount's codes forwards and backwards", async () => {
    const id = (
      field(await t.gql('{ codeDiscountNodeByCode(code: "AURORA-UK-INF-000") { id } }'), 'codeDiscountNodeByCode') as {
        id: string;
      }
    ).id;
    const codes = `query ($id: ID!, $first: Int, $last: Int, $after: String, $before: String) { discountNode(id: $id) { discount { ... on DiscountCodeBasic {
      codesCount { count } codes(first: $first, last: $last, after: $after, before: $before) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { code } } } } } }`;
    type CodesPage = {
      discount: {
        codesCount: { count: number };
        codes: {
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
          nodes: { code: string }[];
        };
      };
    };
    const first = field(await t.gql(codes, { id, first: 2 }), 'discountNode') as unknown as CodesPage;
    expect(first.discount.codesCount.count).toBe(300);
    expect(first.discount.codes.nodes.map((n) => n.code)).toEqual(['AURORA-UK-INF-000', 'AURORA-UK-INF-001']);
    const next = field(
      await t.gql(codes, { id, first: 2, after: first.discount.codes.pageInfo.endCursor }),
      'discountNode',
    ) as unknown as CodesPage;
    expect(next.discount.codes.nodes.map((n) => n.code)).toEqual(['AURORA-UK-INF-002', 'AURORA-UK-INF-003']);
    const back = field(
      await t.gql(codes, { id, last: 2, before: next.discount.codes.pageInfo.startCursor }),
      'discountNode',
    ) as unknown as CodesPage;
    expect(back.discount.codes.nodes.map((n) => n.code)).toEqual(['AURORA-UK-INF-000', 'AURORA-UK-INF-001']);
    expect(back.discount.codes.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });
});

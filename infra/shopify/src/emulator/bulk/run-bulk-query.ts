import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import {
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import type { BulkOperationRecord } from '../services';
import { findConnections } from './connection-walk';
import { childPageQuery, fragmentsOf, rootFieldOf, rootPageQuery } from './bulk-documents';

export type InternalExecute = (query: string, variables: Record<string, unknown>) => Promise<ExecutionResult>;

type Json = Record<string, unknown>;
interface Page {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor?: string; node: Json }[];
}

const rootPage = (result: ExecutionResult): Page => {
  if (result.errors?.length) throw new Error(result.errors[0]!.message);
  return (result.data as { root: Page }).root;
};

/** The nested connection in a child-page answer: the one object on the path that has `edges`. */
const findPage = (value: unknown): Page | null => {
  if (typeof value !== 'object' || value === null) return null;
  if ('edges' in value && 'pageInfo' in value) return value as Page;
  for (const child of Object.values(value)) {
    const found = findPage(child);
    if (found) return found;
  }
  return null;
};

/** Shopify writes `/` escaped in its JSONL (reference §8.4). */
const line = (value: Json): string => `${JSON.stringify(value).replaceAll('/', '\\/')}\n`;

/**
 * Runs a validated bulk query and writes its JSONL: one line per root object, then its nested connection
 * children with `__parentId`. Pages through roots and children so a million codes never sit in memory.
 */
export const runBulkQuery = async (
  schema: GraphQLSchema,
  document: DocumentNode,
  execute: InternalExecute,
  op: BulkOperationRecord,
  file: string,
): Promise<number> => {
  const root = rootFieldOf(document);
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const nested = findConnections(
    schema,
    document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!.selectionSet,
    schema.getQueryType()!,
    fragments,
  )
    .filter((c) => c.depth === 2)
    .map((c) => c.field);
  const fragmentText = fragmentsOf(document);
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const rootsQuery = rootPageQuery(root, nested, 250, fragmentText);
  const childQueries = nested.map((n) => childPageQuery(root, n, 2000, fragmentText));
  let after: string | null = null;
  try {
    for (;;) {
      const page = rootPage(await execute(rootsQuery, { __after: after }));
      for (const edge of page.edges) {
        if (op.status === 'CANCELING') return bytes;
        await write(line(edge.node));
        op.rootObjectCount += 1;
        op.objectCount += 1;
        for (const query of childQueries) {
          let child: string | null = null;
          for (;;) {
            const result = rootPage(await execute(query, { __after: after, __child: child }));
            const children = findPage(result.edges[0]?.node);
            if (!children) break;
            for (const c of children.edges) {
              await write(line({ ...c.node, __parentId: edge.node.id }));
              op.objectCount += 1;
            }
            if (!children.pageInfo.hasNextPage) break;
            child = children.pageInfo.endCursor;
          }
        }
        after = edge.cursor ?? null;
      }
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return bytes;
};

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import {
  defaultFieldResolver,
  getNamedType,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { BulkOperationRecord } from '../services';
import { findConnections, isConnectionType } from './connection-walk';
import { childPageQuery, fragmentsOf, rootFieldOf, rootPageQuery } from './bulk-documents';
import { plainNodeWriter, type NodeWriter } from './plain-nodes';

export type InternalExecute = (
  query: string,
  variables: Record<string, unknown>,
  fieldResolver?: GraphQLFieldResolver<unknown, unknown>,
) => Promise<ExecutionResult>;

type Json = Record<string, unknown>;
/** Children per internal page: a bulk query's connections take any size, and each page is one graphql-js run. */
const childPageSize = 10_000;
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

/** Shopify writes `/` escaped in its JSONL (reference §8.4): on whole lines, or on a page of them at once. */
const escaped = (text: string): string => text.replaceAll('/', '\\/');
const line = (value: Json): string => `${escaped(JSON.stringify(value))}\n`;

/**
 * A child page's lines, written straight from the resolver's page when its node selection is plain (see
 * plain-nodes.ts): graphql-js then completes the page's `pageInfo` only, with its edges taken out.
 */
const childPageCapture = () => {
  const writers = new Map<string, NodeWriter | null>();
  let captured: Json[] | null = null;
  const resolverFor = (query: string, parentId: unknown): GraphQLFieldResolver<unknown, unknown> => {
    captured = null;
    return (source, args, context, info) => {
      const value = defaultFieldResolver(source, args, context, info);
      // The child query's one connection below its root is the page being walked.
      if (!info.path.prev || !isConnectionType(getNamedType(info.returnType))) return value;
      if (!writers.has(query)) writers.set(query, plainNodeWriter(info.returnType, info.fieldNodes[0]!));
      const writer = writers.get(query);
      const page = value as Page | null;
      if (!writer || !page || !Array.isArray(page.edges)) return value;
      const objects: Json[] = [];
      for (const edge of page.edges) {
        const object = writer(edge.node, parentId);
        if (!object) return value;
        objects.push(object);
      }
      captured = objects;
      return { ...page, edges: [], nodes: [] };
    };
  };
  const take = (): Json[] | null => {
    const objects = captured;
    captured = null;
    return objects;
  };
  return { resolverFor, take };
};

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
  const childQueries = nested.map((n) => childPageQuery(root, n, childPageSize, fragmentText));
  const capture = childPageCapture();
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
            const resolver = capture.resolverFor(query, edge.node.id);
            const result = rootPage(await execute(query, { __after: after, __child: child }, resolver));
            const children = findPage(result.edges[0]?.node);
            const objects = capture.take() ?? children?.edges.map((c) => ({ ...c.node, __parentId: edge.node.id }));
            if (!children || !objects) break;
            if (objects.length > 0) await write(`${escaped(objects.map((o) => JSON.stringify(o)).join('\n'))}\n`);
            op.objectCount += objects.length;
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

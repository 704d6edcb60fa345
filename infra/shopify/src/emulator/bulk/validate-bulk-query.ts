import {
  OperationTypeNode,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import { findConnections } from './connection-walk';

export type BulkQueryCheck =
  { readonly ok: true; readonly document: DocumentNode } | { readonly ok: false; readonly message: string };

const fail = (message: string): BulkQueryCheck => ({ ok: false, message });

/** The bulk query rules of reference §8.2, with Shopify's messages. */
export const validateBulkQuery = (schema: GraphQLSchema, query: string): BulkQueryCheck => {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    const text = error instanceof GraphQLError ? error.message.replace(/^Syntax Error: /, '') : String(error);
    return fail(
      `Invalid bulk query: syntax error, ${text.toLowerCase().includes('<eof>') ? 'unexpected end of file' : text}`,
    );
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.some((op) => op.operation !== OperationTypeNode.QUERY))
    return fail('Invalid operation type. Only `query` operations are supported.');
  const problems = validate(schema, document);
  if (problems[0]) return fail(`Invalid bulk query: ${problems[0].message}`);
  const operation = operations[0];
  if (!operation) return fail('Invalid bulk query: no operation');
  if (operation.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'node')) {
    return fail('Bulk queries cannot contain a top level `node` field.');
  }
  const fragments = new Map<string, FragmentDefinitionNode>(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const root = schema.getQueryType();
  if (!root) return fail('Invalid bulk query: no query root');
  const connections = findConnections(schema, operation.selectionSet, root, fragments);
  if (connections.length === 0) return fail('Bulk queries must contain at least one connection.');
  if (connections.length > 5) return fail('Bulk queries cannot contain more than 5 connections.');
  if (connections.some((c) => c.depth > 2))
    return fail('Bulk queries cannot contain connections with a nesting depth greater than 2.');
  const viaNodes = connections.filter((c) => c.selectsNodes).map((c) => c.field.name.value);
  if (viaNodes.length > 0) {
    return fail(
      `All connection fields in a bulk query must select their contents using 'edges' > 'node', e.g: 'products { edges { node {'. Selecting via 'nodes' is not supported. Invalid connection fields: '${viaNodes.join("', '")}'.`,
    );
  }
  if (connections.some((c) => c.insideList))
    return fail('Queries that contain a connection field within a list field are not currently supported.');
  const withoutId = connections.filter(
    (c) =>
      c.parentNode && !c.parentNode.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'id' && !s.alias),
  );
  if (withoutId.length > 0) {
    return fail(
      `The parent 'node' field for a nested connection must select the 'id' field without an alias and must be of 'ID' return type. Connection fields without 'id': ${withoutId.map((c) => c.field.name.value).join(', ')}.`,
    );
  }
  return { ok: true, document };
};

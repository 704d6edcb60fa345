import {
  Kind,
  parse,
  print,
  visit,
  type SelectionNode,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

const paging = new Set(['first', 'after', 'last', 'before']);

const argsOf = (field: FieldNode, extra: string): string => {
  const kept = (field.arguments ?? []).filter((a) => !paging.has(a.name.value)).map((a) => print(a));
  return [...kept, extra].join(', ');
};

const contains = (node: ASTNode, target: FieldNode): boolean => {
  let found = false;
  visit(node, {
    Field: (f) => {
      if (f === target) found = true;
    },
  });
  return found;
};

export const fragmentsOf = (doc: DocumentNode): string =>
  doc.definitions
    .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
    .map((d) => print(d))
    .join('\n');

export const rootFieldOf = (doc: DocumentNode): FieldNode => {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const field = op?.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD);
  if (!field) throw new Error('bulk query without a root field');
  return field;
};

export const nodeSelectionOf = (connection: FieldNode): SelectionSetNode => {
  const edges = connection.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'edges',
  );
  const node = edges?.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'node',
  );
  if (!node?.selectionSet) throw new Error('connection without edges > node');
  return node.selectionSet;
};

/** A page of root objects, with nested connections left out (they are paged per parent afterwards). */
export const rootPageQuery = (
  root: FieldNode,
  nested: readonly FieldNode[],
  pageSize: number,
  fragments: string,
): string => {
  const pruned = visit(nodeSelectionOf(root), { Field: (f) => (nested.includes(f) ? null : undefined) });
  return `query BulkRoots($__after: String) {
  root: ${root.name.value}(${argsOf(root, `first: ${pageSize}, after: $__after`)}) {
    pageInfo { hasNextPage endCursor } edges { cursor node ${print(pruned)} } } }
${fragments}`;
};

const fieldFrom = (text: string): FieldNode => {
  const op = parse(`{ ${text} }`).definitions[0] as OperationDefinitionNode;
  return op.selectionSet.selections[0] as FieldNode;
};

/** One root object (`first: 1` after the cursor before it) and one page of one nested connection under it. */
export const childPageQuery = (root: FieldNode, target: FieldNode, pageSize: number, fragments: string): string => {
  const alias = target.alias ? `${target.alias.value}: ` : '';
  const paged = fieldFrom(
    `${alias}${target.name.value}(${argsOf(target, `first: ${pageSize}, after: $__child`)}) { pageInfo { hasNextPage endCursor } edges { node ${print(nodeSelectionOf(target))} } }`,
  );
  const replaced = visit(nodeSelectionOf(root), { Field: (f) => (f === target ? paged : undefined) });
  const keepsId = (s: SelectionNode) => s.kind === Kind.FIELD && s.name.value === 'id' && !s.alias;
  const path = visit(replaced, {
    SelectionSet: (set) => ({ ...set, selections: set.selections.filter((s) => keepsId(s) || contains(s, paged)) }),
    Field: (f) => (f === paged ? false : undefined),
  });
  return `query BulkChildren($__after: String, $__child: String) {
  root: ${root.name.value}(${argsOf(root, 'first: 1, after: $__after')}) { edges { node ${print(path)} } } }
${fragments}`;
};

import {
  getNamedType,
  isObjectType,
  isInterfaceType,
  isUnionType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

export interface FoundConnection {
  readonly field: FieldNode;
  readonly depth: number;
  /** The selection set of the enclosing connection's `node`, if nested. */
  readonly parentNode: SelectionSetNode | null;
  readonly selectsNodes: boolean;
  readonly insideList: boolean;
}

export const isConnectionType = (type: GraphQLNamedType): boolean =>
  isObjectType(type) && type.name.endsWith('Connection');

/** Every connection field of a selection, with its nesting depth (reference §8.2 rules need these). */
export const findConnections = (
  schema: GraphQLSchema,
  selection: SelectionSetNode,
  parentType: GraphQLNamedType,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  depth = 0,
  parentNode: SelectionSetNode | null = null,
  insideList = false,
): FoundConnection[] => {
  const found: FoundConnection[] = [];
  for (const sel of selection.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT || sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = sel.kind === Kind.FRAGMENT_SPREAD ? fragments.get(sel.name.value) : sel;
      if (!frag) continue;
      const typeName = frag.typeCondition?.name.value;
      const type = typeName ? (schema.getType(typeName) ?? parentType) : parentType;
      found.push(...findConnections(schema, frag.selectionSet, type, fragments, depth, parentNode, insideList));
      continue;
    }
    if (!(isObjectType(parentType) || isInterfaceType(parentType)) || !sel.selectionSet) continue;
    const def = parentType.getFields()[sel.name.value];
    if (!def) continue;
    const type = getNamedType(def.type);
    const list = def.type.toString().includes('[');
    if (isConnectionType(type) && isObjectType(type)) {
      const nodes = sel.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'nodes');
      found.push({ field: sel, depth: depth + 1, parentNode, selectsNodes: nodes, insideList });
      const edges = sel.selectionSet.selections.find(
        (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'edges',
      );
      const node = edges?.selectionSet?.selections.find(
        (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'node',
      );
      const nodeType = getNamedType(type.getFields().edges?.type ?? type);
      const innerType = isObjectType(nodeType) ? getNamedType(nodeType.getFields().node?.type ?? nodeType) : nodeType;
      if (node?.selectionSet) {
        found.push(
          ...findConnections(schema, node.selectionSet, innerType, fragments, depth + 1, node.selectionSet, insideList),
        );
      }
    } else if (isObjectType(type) || isInterfaceType(type) || isUnionType(type)) {
      found.push(...findConnections(schema, sel.selectionSet, type, fragments, depth, parentNode, insideList || list));
    }
  }
  return found;
};

import {
  OperationTypeNode,
  getNamedType,
  getArgumentValues,
  isInterfaceType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export interface CostInput {
  readonly schema: GraphQLSchema;
  readonly operation: OperationDefinitionNode;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly variables: Record<string, unknown>;
}

type Data = Record<string, unknown> | null | undefined;

const free = new Set(['PageInfo']);
const isConnection = (type: GraphQLNamedType) => type.name.endsWith('Connection');

/**
 * Shopify's documented cost rule (reference §3.4), an upper bound: scalars 0, objects 1, connections
 * 2 + size × node cost, mutations 10 + their payload. Given the answer's `data`, the same walk counts the
 * nodes actually returned: that is the actual cost, and the difference is refunded.
 */
export const queryCost = (input: CostInput, data?: Data): number => {
  const { schema, operation } = input;
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const perField = (set: SelectionSetNode, type: GraphQLNamedType, value: Data, mutationRoot: boolean): number => {
    let sum = 0;
    const branches: number[] = [];
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!(isObjectType(type) || isInterfaceType(type))) continue;
        const def = type.getFields()[sel.name.value];
        if (!def || !sel.selectionSet) continue;
        const named = getNamedType(def.type);
        const key = sel.alias?.value ?? sel.name.value;
        const child = value === undefined ? undefined : (value?.[key] as Data | Data[]);
        if (mutationRoot) {
          sum += 10 + (child === null ? 0 : payloadCost(sel.selectionSet, named, child as Data));
          continue;
        }
        if (free.has(named.name)) continue;
        // A null object still costs its own point: a lookup costs 1 whether found or not (reference §3.4).
        if (child === null) {
          sum += isConnection(named) ? 0 : 1;
          continue;
        }
        if (isConnection(named) && isObjectType(named)) {
          const args = getArgumentValues(def, sel, input.variables);
          const requested = Number(args.first ?? args.last ?? 0);
          const conn = child as Record<string, unknown> | undefined;
          const edges = (conn?.edges ?? conn?.nodes) as unknown[] | undefined;
          const size = value === undefined ? requested : (edges?.length ?? 0);
          sum += 2 + size * nodeCost(sel.selectionSet, named, conn);
          continue;
        }
        const item = Array.isArray(child) ? child[0] : child;
        if (Array.isArray(child) && child.length === 0) continue;
        sum += 1 + perField(sel.selectionSet, named, item, false);
      } else {
        const frag = sel.kind === Kind.FRAGMENT_SPREAD ? input.fragments.get(sel.name.value) : sel;
        if (!frag) continue;
        const cond = frag.typeCondition ? schema.getType(frag.typeCondition.name.value) : type;
        const typename = value?.__typename;
        if (value && typeof typename === 'string' && cond && isObjectType(cond) && cond.name !== typename) continue;
        branches.push(perField(frag.selectionSet, cond ?? type, value, mutationRoot));
      }
    }
    return sum + (branches.length ? Math.max(...branches) : 0);
  };
  /** A payload's own object fields are free; what they select is not (10 for a plain create, §3.4). */
  const payloadCost = (set: SelectionSetNode, type: GraphQLNamedType, value: Data): number => {
    if (!(isObjectType(type) || isInterfaceType(type))) return 0;
    let sum = 0;
    for (const sel of set.selections) {
      if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
      const def = type.getFields()[sel.name.value];
      if (!def) continue;
      const child = value === undefined ? undefined : (value?.[sel.alias?.value ?? sel.name.value] as Data | Data[]);
      const item = Array.isArray(child) ? child[0] : child;
      if (child !== null) sum += perField(sel.selectionSet, getNamedType(def.type), item, false);
    }
    return sum;
  };
  const nodeCost = (
    set: SelectionSetNode,
    conn: GraphQLNamedType,
    value: Record<string, unknown> | undefined,
  ): number => {
    if (!isObjectType(conn)) return 0;
    let best = 0;
    for (const sel of set.selections) {
      if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
      const list = value?.[sel.alias?.value ?? sel.name.value] as Data[] | undefined;
      if (sel.name.value === 'nodes') {
        const type = getNamedType(conn.getFields().nodes!.type);
        best = Math.max(best, 1 + perField(sel.selectionSet, type, value === undefined ? undefined : list?.[0], false));
      }
      if (sel.name.value === 'edges') {
        const edgeType = getNamedType(conn.getFields().edges!.type);
        best = Math.max(best, perField(sel.selectionSet, edgeType, value === undefined ? undefined : list?.[0], false));
      }
    }
    return best;
  };
  return perField(operation.selectionSet, root, data, operation.operation === OperationTypeNode.MUTATION);
};

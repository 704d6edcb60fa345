import {
  OperationTypeNode,
  GraphQLError,
  getArgumentValues,
  Kind,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

export const maxInputSize = 250;

const firstOversized = (value: unknown, path: string[]): { path: string[]; size: number } | null => {
  if (Array.isArray(value)) {
    if (value.length > maxInputSize) return { path, size: value.length };
    for (const item of value) {
      const found = firstOversized(item, path);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const found = firstOversized(child, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

/** Any input array over 250 items fails the whole request (reference §3.3). */
export const checkInputSize = (
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | null => {
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  for (const sel of operation.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    const def = root?.getFields()[sel.name.value];
    if (!def) continue;
    const args = getArgumentValues(def, sel, variables);
    for (const [name, value] of Object.entries(args)) {
      const found = firstOversized(value, [sel.name.value, name]);
      if (!found) continue;
      const node = sel.arguments?.find((a) => a.name.value === name) ?? sel;
      return new GraphQLError(
        `The input array size of ${found.size} is greater than the maximum allowed of ${maxInputSize}.`,
        {
          nodes: [node],
          path: found.path,
          extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
        },
      );
    }
  }
  return null;
};

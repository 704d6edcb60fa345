import { GraphQLError, visit, type DocumentNode, type GraphQLFormattedError, type ASTNode } from 'graphql';

/** Which argument of which field holds `value`: needed to word `argumentLiteralsIncompatible`. */
const argumentOf = (document: DocumentNode, value: ASTNode | undefined): { field: string; arg: string } | null => {
  let found: { field: string; arg: string } | null = null;
  const fields: string[] = [];
  visit(document, {
    Field: { enter: (f) => void fields.push(f.name.value), leave: () => void fields.pop() },
    Argument: (a) => {
      if (a.value === value) found = { field: fields[fields.length - 1] ?? '', arg: a.name.value };
    },
  });
  return found;
};

/** graphql-js validation messages reworded as Shopify words them (reference §12.2). */
export const shopifyValidationError = (error: GraphQLError, document: DocumentNode): GraphQLError => {
  const undefinedField = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (undefinedField) {
    const [, fieldName, typeName] = undefinedField;
    return new GraphQLError(`Field '${fieldName}' doesn't exist on type '${typeName}'`, {
      nodes: error.nodes,
      extensions: { code: 'undefinedField', typeName, fieldName },
    });
  }
  const literal = /^Expected value of type "([^"]+)", found (.+)\.$/.exec(error.message);
  const where = literal ? argumentOf(document, error.nodes?.[0]) : null;
  if (literal && where) {
    return new GraphQLError(
      `Argument '${where.arg}' on Field '${where.field}' has an invalid value (${literal[2]}). Expected type '${literal[1]}'.`,
      {
        nodes: error.nodes,
        extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: where.arg },
      },
    );
  }
  const unknownArg = /^Unknown argument "(\w+)" on field "\w+\.(\w+)"/.exec(error.message);
  if (unknownArg) {
    return new GraphQLError(`Field '${unknownArg[2]}' doesn't accept argument '${unknownArg[1]}'`, {
      nodes: error.nodes,
      extensions: { code: 'argumentNotAccepted', name: unknownArg[2], argumentName: unknownArg[1] },
    });
  }
  const missing = /^Field "(\w+)" argument "(\w+)" of type "[^"]+" is required/.exec(error.message);
  if (missing) {
    return new GraphQLError(`Field '${missing[1]}' is missing required arguments: ${missing[2]}`, {
      nodes: error.nodes,
      extensions: { code: 'missingRequiredArguments', arguments: missing[2] },
    });
  }
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
};

export const formatErrors = (errors: readonly GraphQLError[]): GraphQLFormattedError[] => errors.map((e) => e.toJSON());

export const throttledError = new GraphQLError('Throttled', {
  extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
});

export const maxCostError = (cost: number, maxCost: number) =>
  new GraphQLError(
    `Query cost is ${cost}, which exceeds the single query max cost limit (${maxCost}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
    { extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost } },
  );

import {
  coerceInputValue,
  GraphQLError,
  typeFromAST,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type GraphQLInputType,
} from 'graphql';

const explain = (raw: string, value: unknown, typeName: string): string => {
  const message = raw.replace(/^Expected type "[^"]+"\. /, '');
  if (/non-nullable|not to be null|was not provided/.test(message)) return 'Expected value to not be null';
  const notDefined = /Field "(\w+)" is not defined by type "(\w+)"/.exec(message);
  if (notDefined) return `Field is not defined on ${notDefined[2]}`;
  if (/^Int cannot represent/.test(message)) return `Could not coerce value ${JSON.stringify(value)} to Int`;
  if (/^Float cannot represent/.test(message)) return `Could not coerce value ${JSON.stringify(value)} to Float`;
  if (/^(String|Boolean|ID) cannot represent/.test(message))
    return `Could not coerce value ${JSON.stringify(value)} to ${typeName}`;
  return message;
};

/**
 * Coerces variables the way graphql-js does, but reports problems as Shopify does:
 * one `INVALID_VARIABLE` error per variable with a `problems` list (reference §5.4).
 */
export const coerceVariables = (
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  inputs: Record<string, unknown>,
): { values: Record<string, unknown> } | { errors: GraphQLError[] } => {
  const values: Record<string, unknown> = {};
  const errors: GraphQLError[] = [];
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const typeText = String(type);
    const problems: { path: (string | number)[]; explanation: string }[] = [];
    const given = inputs[name];
    if (given === undefined && def.defaultValue) continue;
    if ((given === undefined || given === null) && typeText.endsWith('!')) {
      problems.push({ path: [], explanation: 'Expected value to not be null' });
    } else if (given !== undefined) {
      values[name] = coerceInputValue(given, type, (path, invalid, error) => {
        const leafType = /"([\w![\]]+)"/.exec(error.message)?.[1] ?? typeText;
        problems.push({ path: [...path], explanation: explain(error.message, invalid, leafType) });
      });
    }
    if (problems.length > 0) {
      errors.push(
        new GraphQLError(`Variable $${name} of type ${typeText} was provided invalid value`, {
          nodes: [def],
          extensions: { code: 'INVALID_VARIABLE', value: given ?? null, problems },
        }),
      );
    }
  }
  return errors.length > 0 ? { errors } : { values };
};

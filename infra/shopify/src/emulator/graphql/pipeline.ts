import {
  OperationTypeNode,
  execute,
  getArgumentValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
} from 'graphql';
import type { LeakyBucket, ThrottleStatus } from '../bucket';
import type { SearchReport } from '../search/filter';
import { adminSchema } from '../schema/build';
import { rootValue } from '../resolvers/root';
import type { ShopServices } from '../services';
import type { ShopState } from '../state/shop-state';
import { allScopes, type ResolverContext, type Scope } from './context';
import { queryCost } from './cost';
import { formatErrors, maxCostError, shopifyValidationError, throttledError } from './errors';
import { checkInputSize } from './input-size';
import { coerceVariables } from './variables';

export const maxQueryCost = 1000;

export interface ShopifyResponse {
  data?: unknown;
  errors?: GraphQLFormattedError[];
  extensions: {
    cost: { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: ThrottleStatus };
    search?: SearchReport[];
  };
}

export interface Executed {
  readonly body: ShopifyResponse;
  readonly operation: 'query' | 'mutation' | null;
  readonly rootFields: readonly string[];
  readonly codes: readonly string[];
}

export interface PipelineInput {
  readonly shop: ShopState;
  readonly services: ShopServices;
  readonly bucket: LeakyBucket;
  readonly scopes: ReadonlySet<Scope>;
  readonly now: number;
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

export const codesIn = (value: unknown, out: string[]): void => {
  if (Array.isArray(value)) value.forEach((v) => codesIn(v, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'code' && typeof child === 'string') out.push(child);
      else codesIn(child, out);
    }
  }
};

/** Shopify's order of checks (reference §12.3): cost cap, bucket, input sizes, then execute and refund. */
export const runGraphql = async (input: PipelineInput): Promise<Executed> => {
  const schema = adminSchema();
  const answer = (errors: readonly GraphQLError[], requested: number, extra: Partial<Executed> = {}): Executed => ({
    body: {
      errors: formatErrors(errors),
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: input.bucket.status() },
      },
    },
    operation: null,
    rootFields: [],
    codes: [],
    ...extra,
  });
  let document: DocumentNode;
  try {
    document = parse(input.query);
  } catch (error) {
    return answer([error instanceof GraphQLError ? error : new GraphQLError(String(error))], 0);
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0)
    return answer(
      invalid.map((e) => shopifyValidationError(e, document)),
      0,
    );
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation || operation.operation === OperationTypeNode.SUBSCRIPTION)
    return answer([new GraphQLError('Subscriptions are not supported')], 0);
  const coerced = coerceVariables(schema, operation, input.variables);
  if ('errors' in coerced) return answer(coerced.errors, 0);
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const costInput = { schema, operation, fragments, variables: coerced.values };
  const rootType =
    operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  const rootFields: string[] = [];
  const codes: string[] = [];
  for (const sel of operation.selectionSet.selections) {
    const def = sel.kind === Kind.FIELD ? rootType?.getFields()[sel.name.value] : undefined;
    if (sel.kind !== Kind.FIELD || !def) continue;
    rootFields.push(sel.name.value);
    codesIn(getArgumentValues(def, sel, coerced.values), codes);
  }
  const described = { operation: operation.operation, rootFields, codes };
  const requested = queryCost(costInput);
  if (requested > maxQueryCost) return answer([maxCostError(requested, maxQueryCost)], requested, described);
  if (!input.bucket.take(requested)) return answer([throttledError], requested, described);
  const oversized = checkInputSize(schema, operation, coerced.values);
  if (oversized) return answer([oversized], requested, described);
  const context: ResolverContext = {
    shop: input.shop,
    services: input.services,
    now: input.now,
    scopes: input.scopes,
    bulk: false,
    search: [],
  };
  const result = await execute({ schema, document, rootValue, contextValue: context, variableValues: input.variables });
  const actual = Math.min(requested, queryCost(costInput, result.data ?? null));
  input.bucket.refund(requested - actual);
  const body: ShopifyResponse = {
    ...(result.errors ? { errors: formatErrors(result.errors) } : {}),
    data: result.data ?? null,
    extensions: {
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: input.bucket.status() },
      ...(context.search.length ? { search: context.search } : {}),
    },
  };
  return { body, ...described };
};

/** Runs a query for the emulator itself (bulk operations): no cost, all scopes, no page-size rules. */
export const runInternal = async (
  shop: ShopState,
  services: ShopServices,
  query: string,
  variables: Record<string, unknown>,
  fieldResolver?: GraphQLFieldResolver<unknown, unknown>,
): Promise<ExecutionResult> => {
  const context: ResolverContext = {
    shop,
    services,
    now: services.clockNow(),
    scopes: new Set(allScopes),
    bulk: true,
    search: [],
  };
  return execute({
    schema: adminSchema(),
    document: parse(query),
    rootValue,
    contextValue: context,
    variableValues: variables,
    fieldResolver,
  });
};

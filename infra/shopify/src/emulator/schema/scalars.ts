import { GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';

/** `2026-06-30T14:55:42Z`: Shopify's DateTime has seconds precision (reference §1). */
export const toDateTime = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Decimals come back normalised: "5.00" → "5.0" (reference §1). */
export const normaliseDecimal = (value: string): string => {
  const n = Number(value);
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
};

const literal = (node: ValueNode): unknown =>
  node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT ? node.value : undefined;

const parseDateTime = (value: unknown): string => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new GraphQLError(`invalid date-time '${String(value)}'`);
  return toDateTime(ms);
};

const parseDecimal = (value: unknown): string => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text))
    throw new GraphQLError(`invalid decimal '${String(value)}'`);
  return normaliseDecimal(text);
};

const parseUnsignedInt64 = (value: unknown): string => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) {
    throw new GraphQLError(`UnsignedInt64 invalid value '${String(value)}'`);
  }
  if (text.startsWith('-')) throw new GraphQLError(`UnsignedInt64 '${text}' is out of range`);
  if (text.includes('.')) throw new GraphQLError(`UnsignedInt64 invalid value '${text}'`);
  return String(BigInt(text));
};

const scalarParsers: Record<string, (value: unknown) => unknown> = {
  DateTime: parseDateTime,
  Decimal: parseDecimal,
  UnsignedInt64: parseUnsignedInt64,
  Money: parseDecimal,
  URL: (value) => String(value),
};

/** Gives the SDL's custom scalars their wire behaviour; buildSchema leaves them as identity functions. */
export const installScalars = (schema: GraphQLSchema): void => {
  for (const [name, parse] of Object.entries(scalarParsers)) {
    const type = schema.getType(name) as GraphQLScalarType;
    type.parseValue = parse;
    type.parseLiteral = (node) => parse(literal(node));
    type.serialize = (value) => (name === 'UnsignedInt64' ? String(value) : value);
  }
};

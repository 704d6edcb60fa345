/** Shopify's search syntax (reference §7.2): `field:value`, comparators, quotes, `-`/NOT, OR, AND. */

export type Comparator = ':' | ':>' | ':>=' | ':<' | ':<=';

export interface Term {
  /** null for a default full-text term. */
  readonly field: string | null;
  readonly comparator: Comparator;
  readonly value: string;
  readonly negated: boolean;
}

/** Disjunctive normal form: a query matches when all terms of one of its groups match. */
export type ParsedSearch = readonly (readonly Term[])[];

const tokenize = (query: string): string[] => {
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of query) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (/\s|\(|\)/.test(ch)) {
      if (current) tokens.push(current);
      current = '';
    } else current += ch;
  }
  if (current) tokens.push(current);
  return tokens;
};

const unquote = (value: string): string => value.replace(/^(['"])(.*)\1$/s, '$2');

const toTerm = (token: string, negated: boolean): Term => {
  const neg = negated || token.startsWith('-');
  const body = token.startsWith('-') ? token.slice(1) : token;
  const colon = body.search(/:(?=(?:[^'"]|'[^']*'|"[^"]*")*$)/);
  if (colon <= 0) return { field: null, comparator: ':', value: unquote(body), negated: neg };
  const field = body.slice(0, colon).toLowerCase();
  const rest = body.slice(colon + 1);
  const op = /^(>=|<=|>|<)/.exec(rest)?.[1] ?? '';
  return { field, comparator: `:${op}` as Comparator, value: unquote(rest.slice(op.length)), negated: neg };
};

export const parseSearch = (query: string | null | undefined): ParsedSearch => {
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(query ?? '')) {
    if (token === 'OR') groups.push([]);
    else if (token === 'AND') continue;
    else if (token === 'NOT') negateNext = true;
    else {
      groups[groups.length - 1]!.push(toTerm(token, negateNext));
      negateNext = false;
    }
  }
  return groups.filter((g) => g.length > 0);
};

/** The `parsed` tree Shopify echoes in `extensions.search` (simplified). */
export const describeTerm = (term: Term): Record<string, string> => {
  const key = { ':': 'match_all', ':>': 'range_gt', ':>=': 'range_gte', ':<': 'range_lt', ':<=': 'range_lte' }[
    term.comparator
  ];
  return term.field ? { field: term.field, [key]: term.value } : { match_all: term.value };
};

import { describeTerm, parseSearch, type Term } from './parse';

export interface FieldSpec<T> {
  readonly match: (item: T, term: Term) => boolean;
  /** Accepted values; a term with another value is ignored and reported as `invalid_value`. */
  readonly accepts?: (value: string) => boolean;
}

export interface SearchSpec<T> {
  readonly fields: Readonly<Record<string, FieldSpec<T>>>;
  readonly text: (item: T, value: string) => boolean;
}

export interface SearchWarning {
  readonly field: string;
  readonly message: string;
  readonly code: 'invalid_field' | 'invalid_value';
}

export interface SearchReport {
  readonly path: readonly (string | number)[];
  readonly query: string;
  readonly parsed: unknown;
  readonly warnings: readonly SearchWarning[];
}

/**
 * Filters by a search query. Unknown fields and bad values are dropped and reported, never an error
 * (reference §7.2): `report` collects what goes into `extensions.search`.
 */
export const searchFilter = <T>(
  items: Iterable<T>,
  query: string | null | undefined,
  spec: SearchSpec<T>,
  report: (r: SearchReport) => void,
  path: readonly (string | number)[],
): T[] => {
  const groups = parseSearch(query);
  if (groups.length === 0) return [...items];
  const warnings: SearchWarning[] = [];
  const usable = groups.map((terms) =>
    terms.filter((t) => {
      if (t.field === null) return true;
      const field = spec.fields[t.field];
      if (!field) {
        warnings.push({ field: t.field, message: 'Invalid search field for this query.', code: 'invalid_field' });
        return false;
      }
      if (field.accepts && !t.value.split(',').every((v) => field.accepts!(v))) {
        warnings.push({
          field: t.field,
          message: `Input \`${t.value}\` is not an accepted value.`,
          code: 'invalid_value',
        });
        return false;
      }
      return true;
    }),
  );
  if (warnings.length > 0) {
    const all = groups.flat();
    const parsed = all.length === 1 ? describeTerm(all[0]!) : { and: all.map(describeTerm) };
    report({ path, query: query ?? '', parsed, warnings });
  }
  const matches = (item: T, t: Term): boolean => {
    const hit = t.field === null ? spec.text(item, t.value) : spec.fields[t.field]!.match(item, t);
    return t.negated ? !hit : hit;
  };
  return [...items].filter((item) => usable.some((terms) => terms.every((t) => matches(item, t))));
};

import type { Term } from './parse';

/** Time values: ISO timestamps, bare dates or years, or `now` (reference §7.2). */
export const parseTime = (value: string, now: number): number | null => {
  if (value === 'now') return now;
  if (/^\d{4}$/.test(value)) return Date.parse(`${value}-01-01T00:00:00Z`);
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? null : ms;
};

const compare = (actual: number, expected: number, term: Term): boolean => {
  switch (term.comparator) {
    case ':':
      return actual === expected;
    case ':>':
      return actual > expected;
    case ':>=':
      return actual >= expected;
    case ':<':
      return actual < expected;
    case ':<=':
      return actual <= expected;
  }
};

export const matchTime = (actual: string | null, term: Term, now: number): boolean => {
  const expected = parseTime(term.value, now);
  if (actual === null || expected === null) return false;
  return compare(Date.parse(actual), expected, term);
};

export const matchNumber = (actual: number, term: Term): boolean => compare(actual, Number(term.value), term);

export const isTime = (value: string): boolean => parseTime(value, 0) !== null;
export const isNumber = (value: string): boolean => value !== '' && !Number.isNaN(Number(value));

/** Comma lists (`status:active,expired`) match any of their values, case-insensitively. */
export const matchList = (actual: string | readonly string[], term: Term): boolean => {
  const wanted = term.value.toLowerCase().split(',');
  const values = (typeof actual === 'string' ? [actual] : actual).map((v) => v.toLowerCase());
  return wanted.some((w) => values.includes(w));
};

/** Text match: Shopify matches words by prefix; `*` is a wildcard. */
export const matchText = (actual: string, value: string): boolean => {
  const haystack = actual.toLowerCase();
  const needle = value.toLowerCase().replace(/\*$/, '');
  return haystack.includes(needle);
};

/**
 * A code's date: the app's one date-time format in the reader's locale (issue 25 replaces spec 001 §2.5's
 * 'dd/mm/yy hh:mm', which the walk found beside the panel's and the History tab's formats on the same page).
 */
export { formatDateTime as formatCodeDate } from '@/lib/dates';

/** Spec 001 §2.2: the creating user's name, else email, else Unknown. */
export const creatorOf = (user: { name: string | null; email: string | null }): string =>
  user.name || user.email || 'Unknown';

/** Spec 001 §2.1: a store is shown by its country code, else its name, else its url slug. */
export const storeLabel = (s: { countryCode: string | null; name: string; urlSlug: string }): string =>
  s.countryCode || s.name || s.urlSlug;

/** At most 4 stores are listed, then '(+N)' (spec 001 §9). */
export const STORES_SHOWN = 4;

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** 'UK, DE and US'. */
export const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

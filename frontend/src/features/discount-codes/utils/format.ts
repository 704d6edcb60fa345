const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 001 §2.5: 'dd/mm/yy hh:mm', in the browser's time zone. */
export const formatCodeDate = (iso: string): string => {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

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

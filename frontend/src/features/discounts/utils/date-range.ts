/**
 * The list filters by creation date over whole days of the browser's time zone: the server gets the instant
 * the first chosen day starts and the instant the last one ends (so 'Date To' includes that whole day).
 */
const localDay = (day: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
};

export const startOfLocalDay = (day: string): string | undefined => {
  const d = localDay(day);
  return d ? new Date(d[0], d[1], d[2], 0, 0, 0, 0).toISOString() : undefined;
};

export const endOfLocalDay = (day: string): string | undefined => {
  const d = localDay(day);
  return d ? new Date(d[0], d[1], d[2], 23, 59, 59, 999).toISOString() : undefined;
};

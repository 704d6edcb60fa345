/**
 * One format for dates and one for date-times across the app (issue 25), in the reader's own locale and time zone:
 * '27 Nov 2026' / 'Nov 27, 2026', and the same with the time to the second. Exports (CSV) keep ISO 8601.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const parsed = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatDate = (value: string | Date): string => {
  const date = parsed(value);
  return date ? dateFormat.format(date) : String(value);
};

export const formatDateTime = (value: string | Date): string => {
  const date = parsed(value);
  return date ? dateTimeFormat.format(date) : String(value);
};

/** An ISO 8601 instant as a server writes it ('2026-11-27T21:55:43.974Z'): shown as a date-time, not as text. */
export const isIsoInstant = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);

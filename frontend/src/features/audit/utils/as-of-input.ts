/**
 * The picker's local 'YYYY-MM-DDTHH:mm[:ss]' (a datetime-local value, in the browser's time zone) as the UTC
 * instant the server takes, or null while it is not a whole date and time. The second is taken to its end, so
 * 'as of 10:04:07' includes what happened during that second. The picker shows seconds (step 1), and a browser
 * writes second 00 without them ('10:04' is 10:04:00): taking such a value to the minute's end showed what happened
 * up to 59 s after the moment picked.
 */
export const instantOf = (local: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? null : new Date(time + 999).toISOString();
};

/** A Date as the picker's local value, to the second (for its initial value: now). */
export const localValueOf = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

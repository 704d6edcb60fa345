/**
 * The picker's local 'YYYY-MM-DDTHH:mm[:ss]' (a datetime-local value, in the browser's time zone) as the UTC
 * instant the server takes, or null while it is not a whole date and time. The minute (or second) is taken to its
 * end, so 'as of 10:04' includes what happened during 10:04.
 */
export const instantOf = (local: string): string | null => {
  const whole = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.exec(local);
  if (!whole) return null;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? null : new Date(time + (whole[1] ? 999 : 59_999)).toISOString();
};

/** A Date as the picker's local value, to the second (for its initial value: now). */
export const localValueOf = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

import { describe, expect, it } from 'vitest';
import { instantOf, localValueOf } from './as-of-input';

describe('as-of picker values', () => {
  it('should read a value without seconds as second 00, as the browser writes it, and end there, in UTC', () => {
    const local = '2026-01-05T10:04';
    expect(instantOf(local)).toBe(new Date(new Date('2026-01-05T10:04:00').getTime() + 999).toISOString());
  });

  it('should take a local second to its last millisecond', () => {
    const local = '2026-01-05T10:04:07';
    expect(instantOf(local)).toBe(new Date(new Date(local).getTime() + 999).toISOString());
  });

  it('should refuse what is not a whole date and time', () => {
    expect(instantOf('')).toBeNull();
    expect(instantOf('2026-01-05')).toBeNull();
    expect(instantOf('2026-13-45T99:99')).toBeNull();
  });

  it('should write a date back as the picker shows it', () => {
    expect(localValueOf(new Date(2026, 0, 5, 9, 7, 3))).toBe('2026-01-05T09:07:03');
  });
});

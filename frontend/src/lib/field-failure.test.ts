import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { fieldOfFailure, showAtField } from './field-failure';

const refused = (status: number, message: string) => new ApiError(status, '', JSON.stringify({ message }));
const fields = ['code', 'name', 'regionId'] as const;
const rules = [{ field: 'code' as const, match: /^A country with code / }];

describe('When a write is refused', () => {
  it('should find the field a schema refusal names, with its words as a sentence', () => {
    const error = refused(400, 'Invalid body: code: A country code is exactly 2 letters; name: A name is required.');
    expect(fieldOfFailure(error, fields, rules)).toEqual({
      field: 'code',
      message: 'A country code is exactly 2 letters.',
    });
  });

  it("should map a refusal that names no field by the form's rules", () => {
    const error = refused(409, 'A country with code GB already exists (United Kingdom).');
    expect(fieldOfFailure(error, fields, rules)).toEqual({
      field: 'code',
      message: 'A country with code GB already exists (United Kingdom).',
    });
  });

  it('should leave a 5xx, a network failure and an unmatched 4xx to the failure toast', () => {
    expect(fieldOfFailure(refused(500, 'A country with code GB already exists.'), fields, rules)).toBeNull();
    expect(fieldOfFailure(new TypeError('Failed to fetch'), fields, rules)).toBeNull();
    expect(fieldOfFailure(refused(403, 'Your permission level does not allow this.'), fields, rules)).toBeNull();
    expect(fieldOfFailure(refused(400, 'Invalid body: colour: is unknown.'), fields, rules)).toBeNull();
  });

  it('should put the message on the form field and focus it', () => {
    const setError = vi.fn();
    const form = { getValues: () => ({ code: 'GB', name: 'UK', regionId: '1' }), setError };
    const shown = showAtField(form as never, rules)(refused(409, 'A country with code GB already exists.'));
    expect(shown).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'code',
      { type: 'server', message: 'A country with code GB already exists.' },
      { shouldFocus: true },
    );
    expect(showAtField(form as never, rules)(z.string().safeParse(1).error)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureNotice } from './failure-notice';

describe('When a failure is shown', () => {
  it("should describe it with the server's message", () => {
    const error = new ApiError(409, 'Conflict', JSON.stringify({ message: 'Region code EU already exists' }));
    expect(failureNotice('Error', error, 'Failed to create region')).toEqual({
      title: 'Error',
      description: 'Region code EU already exists',
      variant: 'destructive',
    });
  });

  it('should take a reason the server sent as text as it is', () => {
    expect(failureNotice('Failed to import products', 'Shop unreachable').description).toBe('Shop unreachable');
  });

  it('should fall back to the given text, else to a generic one, when there is no message', () => {
    expect(failureNotice('Error', { weird: true }, 'Failed to delete region').description).toBe(
      'Failed to delete region',
    );
    expect(failureNotice('Failed to add user', undefined).description).toBe('Something went wrong');
  });
});

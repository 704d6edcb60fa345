import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { loadFailureReason } from './load-failure';

describe('When a read fails', () => {
  it("should give a 4xx's own message", () => {
    const error = new ApiError(403, 'Forbidden', JSON.stringify({ message: 'You do not have access to brand 2.' }));
    expect(loadFailureReason(error)).toBe('You do not have access to brand 2.');
  });

  it("should never show a bare 'Internal error' for a 5xx", () => {
    const reason = loadFailureReason(new ApiError(502, 'Bad Gateway', 'Internal error'));
    expect(reason).toBe(
      'The server could not answer (HTTP 502). Try again; if it keeps failing, tell an administrator.',
    );
  });

  it('should explain a lost connection, an ended session and an answer of the wrong shape', () => {
    expect(loadFailureReason(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
    expect(loadFailureReason(new ApiError(401, 'Unauthorized', ''))).toMatch(/Sign in again/);
    expect(loadFailureReason(z.number().safeParse('x').error)).toMatch(/does not understand/);
  });
});

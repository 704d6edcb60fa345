import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('When a request URL is logged', () => {
  it('should hide the sign-in code, state and ID token hint', () => {
    expect(redactUrl('/api/callback?code=SECRET&state=S&iss=http%3A%2F%2Fidp')).toBe(
      '/api/callback?code=redacted&state=redacted&iss=http%3A%2F%2Fidp',
    );
    expect(redactUrl('/api/discounts?page=2')).toBe('/api/discounts?page=2');
    expect(redactUrl('/')).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { upstreamFor } from './upstream-rules';

describe('When the gateway picks the service for a request', () => {
  it('should send reads to query-api and changes to command-api', () => {
    expect(upstreamFor('GET', '/api/discounts')).toBe('query');
    expect(upstreamFor('HEAD', '/api/discounts')).toBe('query');
    expect(upstreamFor('POST', '/api/permissions')).toBe('command');
    expect(upstreamFor('PUT', '/api/permissions/abc')).toBe('command');
    expect(upstreamFor('PATCH', '/api/stores/1')).toBe('command');
    expect(upstreamFor('DELETE', '/api/codes/1')).toBe('command');
  });

  it('should send the read-only availability check to query-api', () => {
    expect(upstreamFor('POST', '/api/discounts/42/codes/check-availability')).toBe('query');
    expect(upstreamFor('POST', '/api/discounts/42/codes')).toBe('command');
    expect(upstreamFor('POST', '/api/discounts//codes/check-availability')).toBe('command');
  });

  it('should route no other method', () => {
    expect(upstreamFor('OPTIONS', '/api/discounts')).toBeNull();
    expect(upstreamFor('TRACE', '/api/discounts')).toBeNull();
  });
});

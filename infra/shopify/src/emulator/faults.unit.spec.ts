import { describe, expect, it } from 'vitest';
import { Faults } from './faults';

describe('When a fault rule waits for some requests first', () => {
  it('should let `after` matching requests through, then fire `times` times', () => {
    const faults = new Faults();
    faults.inject({ kind: 'server-error', shop: 'a', operation: 'Import', after: 2, times: 1 });
    const take = () => faults.take(['server-error'], 'a', 'query Import { x }');
    expect(faults.take(['server-error'], 'b', 'query Import { x }')).toBeNull();
    expect([take(), take()]).toEqual([null, null]);
    expect(take()?.kind).toBe('server-error');
    expect(take()).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { cutLists, fieldChanges } from './field-changes';

const s = 'discount:1';

describe('fieldChanges', () => {
  it('should compare each event with what earlier events of the same stream and store said', () => {
    const changes = fieldChanges([
      { streamId: s, data: { discountId: 'd', name: 'Spring', endsAt: null } },
      { streamId: s, data: { discountId: 'd', storeId: 2, attempt: 1, requestedAt: 't1' } },
      { streamId: s, data: { discountId: 'd', storeId: 3, attempt: 1 } },
      { streamId: s, data: { discountId: 'd', storeId: 2, attempt: 1, reason: 'Refused' } },
      { streamId: s, data: { discountId: 'd', storeId: 2, attempt: 2 } },
    ]);
    expect(changes).toEqual([
      [{ field: 'name', old: null, new: 'Spring' }],
      [{ field: 'attempt', old: null, new: 1 }],
      [{ field: 'attempt', old: null, new: 1 }],
      [{ field: 'reason', old: null, new: 'Refused' }],
      [{ field: 'attempt', old: 1, new: 2 }],
    ]);
  });

  it('should keep streams apart and compare nested values by content', () => {
    const changes = fieldChanges([
      { streamId: 'a', data: { addedBy: { name: 'U' } } },
      { streamId: 'b', data: { addedBy: { name: 'U' } } },
      { streamId: 'a', data: { addedBy: { name: 'U' } } },
    ]);
    expect(changes.map((c) => c.length)).toEqual([1, 1, 0]);
  });
});

describe('cutLists', () => {
  it('should cut lists longer than 20 and say how many more there are', () => {
    const codes = Array.from({ length: 25 }, (_, i) => `C${i}`);
    expect(cutLists({ codes })).toEqual({ codes: [...codes.slice(0, 20), '… 5 more'] });
    expect(cutLists({ codes: ['A'] })).toEqual({ codes: ['A'] });
  });
});

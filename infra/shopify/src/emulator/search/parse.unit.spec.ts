import { describe, expect, it } from 'vitest';
import { parseSearch } from './parse';

describe('When a search query is parsed', () => {
  it('should read fields, comparators, quotes and negation', () => {
    expect(parseSearch(`method:code updated_at:>'2026-11-20T10:00:00Z' -status:expired summer`)).toEqual([
      [
        { field: 'method', comparator: ':', value: 'code', negated: false },
        { field: 'updated_at', comparator: ':>', value: '2026-11-20T10:00:00Z', negated: false },
        { field: 'status', comparator: ':', value: 'expired', negated: true },
        { field: null, comparator: ':', value: 'summer', negated: false },
      ],
    ]);
  });

  it('should split OR groups and apply NOT', () => {
    expect(parseSearch('title:a OR NOT tag:b AND times_used:<=3')).toEqual([
      [{ field: 'title', comparator: ':', value: 'a', negated: false }],
      [
        { field: 'tag', comparator: ':', value: 'b', negated: true },
        { field: 'times_used', comparator: ':<=', value: '3', negated: false },
      ],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { unframed } from './api-check-report';

describe('unframed', () => {
  it("keeps schemathesis' words without pytest's frame", () => {
    expect(unframed('============================= 2 warnings in 87.75s =============================')).toBe(
      '-- 2 warnings in 87.75s',
    );
    expect(unframed('=================================== SUMMARY ====================================')).toBe(
      '-- SUMMARY',
    );
  });

  it('leaves every other line as it is', () => {
    for (const line of ['  3434 generated, 3434 passed', 'a == b', '', '=== not closed']) {
      expect(unframed(line)).toBe(line);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cell } from './export';

describe('cell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
  ])('should write %j as %j', (value, expected) => {
    expect(cell(value)).toBe(expected);
  });

  it('should write numbers as they are and null as nothing', () => {
    expect(cell(-5)).toBe('-5');
    expect(cell(null)).toBe('');
  });
});

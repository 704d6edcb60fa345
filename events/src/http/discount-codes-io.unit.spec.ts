import { describe, expect, it } from 'vitest';
import {
  csvField,
  unneutralised,
  generateCodesBodySchema,
  importCodesBodySchema,
  parseCodePattern,
  rejectedRowsCsv,
} from './discount-codes-io';

describe('When a code pattern is read', () => {
  it('should keep the text and count what the groups can make', () => {
    expect(parseCodePattern('SUMMER-[2L][1N]')).toEqual({
      parts: ['SUMMER-', { length: 2, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ' }, { length: 1, alphabet: '23456789' }],
      capacity: 23 * 23 * 8,
    });
    expect(parseCodePattern('[6LN]')).toMatchObject({ capacity: 31 ** 6 });
  });

  it('should draw from no look-alike characters (0/O, 1/I/L)', () => {
    const pattern = parseCodePattern('[1LN]');
    const alphabet =
      typeof pattern === 'string' ? '' : pattern.parts.map((p) => (typeof p === 'string' ? p : p.alphabet)).join('');
    expect(alphabet).toHaveLength(31);
    expect(alphabet).not.toMatch(/[0O1IL]/);
  });

  it.each([
    ['SUMMER', 'The pattern needs at least one group, for example [6LN]'],
    ['A-[6LX]', 'Write each group as [nL] (letters), [nN] (digits) or [nLN] (both), for example SUMMER-[6LN]'],
    ['A-[0N]', '[0N]: a group holds 1 to 32 characters'],
    [`${'A'.repeat(250)}-[6N]`, 'The codes would be 257 characters long; a code is at most 255'],
  ])('should name the problem of %s', (pattern, problem) => {
    expect(parseCodePattern(pattern)).toBe(problem);
  });

  it('should refuse more codes than the pattern holds', () => {
    const parsed = generateCodesBodySchema.safeParse({ pattern: 'X[1N]', count: 9, stores: [1] });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['count'],
      message: 'X[1N] can make only 8 codes; use a longer pattern or fewer codes',
    });
  });
});

describe('When CSV text is written', () => {
  it('should quote only the fields that need it', () => {
    expect(csvField('A1')).toBe('A1');
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField(null)).toBe('');
    expect(rejectedRowsCsv([{ row: 3, code: 'BAD CODE', reason: 'The code holds a space, or not' }])).toBe(
      'row,code,reason\r\n3,BAD CODE,"The code holds a space, or not"\r\n',
    );
  });

  it('should keep a spreadsheet from running a cell as a formula, and read it back as it was', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-SUM(A1)', '@cmd', '\tTAB'])
      expect(
        unneutralised(
          csvField(text)
            .replace(/^"(.*)"$/s, '$1')
            .replaceAll('""', '"'),
        ),
      ).toBe(text);
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('=A1,B1')).toBe('"\'=A1,B1"');
    expect(csvField(-5)).toBe('-5');
    expect(unneutralised("'plain")).toBe("'plain");
  });
});

describe('When an import body is checked', () => {
  it('should count the file in bytes, not characters', () => {
    const multiByte = 'é'.repeat(6 * 1024 * 1024);
    expect(importCodesBodySchema.safeParse({ csv: multiByte, stores: [1] }).error?.issues[0]?.message).toBe(
      'The file is larger than 10 MB; split it into smaller files',
    );
  });
});

import { ValidationError } from '@dm/events';
import { describe, expect, it } from 'vitest';
import { importRows } from './csv-rows';

describe('When an import file is read', () => {
  it('should skip a header, blank lines and extra columns, and keep each row with its line', () => {
    expect(importRows('\uFEFFCode,Influencer,notes\r\nA1,Ivy,x\r\n\r\n B2 , \r\n"C,3"\n')).toEqual({
      rows: [
        { row: 2, code: 'A1', influencerName: 'Ivy' },
        { row: 4, code: 'B2', influencerName: null },
      ],
      rejected: [{ row: 5, code: 'C,3', reason: 'The code holds a comma' }],
      rowsRead: 3,
    });
  });

  it('should read back a cell the export kept from running as a formula', () => {
    expect(importRows("code,influencer\n'=A1,'@ivy\n").rows).toEqual([{ row: 2, code: '=A1', influencerName: '@ivy' }]);
  });

  it('should reject a bad code, a long influencer and a repeated code (case-insensitively), naming the first row', () => {
    const { rows, rejected } = importRows(`A1\n,Ivy\nBAD\u0007\nB2,${'i'.repeat(256)}\na1\n`);
    expect(rows.map((r) => r.code)).toEqual(['A1']);
    expect(rejected).toEqual([
      { row: 2, code: '', reason: 'The code is empty' },
      { row: 3, code: 'BAD\u0007', reason: 'The code holds a space or a control character' },
      { row: 4, code: 'B2', reason: 'The influencer name is longer than 255 characters' },
      { row: 5, code: 'a1', reason: 'The same code as row 1' },
    ]);
  });

  it('should refuse a file that is not CSV, naming the line', () => {
    expect(() => importRows('A1\n"B2')).toThrow(ValidationError);
    expect(() => importRows('A1\n"B2')).toThrow(/not valid CSV: Quote Not Closed.*line 2/);
  });
});

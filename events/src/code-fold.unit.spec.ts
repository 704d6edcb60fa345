import { describe, expect, it } from 'vitest';
import { foldCode } from './code-fold';
import { codeReservationStream } from './discounts';

const same = (a: string, b: string) => expect(foldCode(a)).toBe(foldCode(b));

describe('foldCode', () => {
  it('should fold ASCII letters only by case', () => {
    expect(foldCode('Summer-10_OFF')).toBe('summer-10_off');
  });

  it('should make ß the same code as SS and ss', () => {
    same('STRAßE', 'STRASSE');
    same('straße', 'Strasse');
    expect(foldCode('ẞ')).toBe('ss');
  });

  it('should make the dotted capital İ the same as i with a combining dot, apart from plain i', () => {
    same('İSTANBUL', 'i\u0307stanbul');
    expect(foldCode('İ')).toBe('i\u0307');
  });

  it('should make Σ, σ and final ς one letter wherever they stand', () => {
    same('ΟΔΟΣ', 'οδος');
    same('ΟΔΟΣ', 'οδοσ');
    same('ΣΑΣ', 'σας');
    expect(foldCode('ΟΔΟΣ')).toBe('οδοσ');
  });

  it('should make full-width letters and digits the same as ASCII ones', () => {
    same('ＳＡＬＥ１０', 'sale10');
    expect(foldCode('ＳＡＬＥ')).toBe('sale');
  });

  it('should merge composed and decomposed accents, and keep accents apart from plain letters', () => {
    same('CAF\u00c9', 'cafe\u0301');
    expect(foldCode('CAFÉ')).not.toBe(foldCode('CAFE'));
  });

  it('should be idempotent', () => {
    for (const code of ['STRAßE', 'İSTANBUL', 'ΟΔΟΣ', 'ＳＡＬＥ', 'ǅEMAL', 'ﬁx']) {
      expect(foldCode(foldCode(code))).toBe(foldCode(code));
    }
  });

  it('should key one reservation stream per code as Shopify compares them', () => {
    expect(codeReservationStream(3, 'STRAßE')).toBe(codeReservationStream(3, 'strasse'));
    expect(codeReservationStream(3, 'ＳＡＬＥ')).toBe('code-reservation:3:sale');
  });
});

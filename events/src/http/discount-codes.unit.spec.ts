import { describe, expect, it } from 'vitest';
import { addDiscountCodesBodySchema, parseCodeList } from './discount-codes';

const problemsOf = (body: unknown) => {
  const parsed = addDiscountCodesBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('When codes are typed as comma-separated text', () => {
  it('should split, trim, drop empty entries and collapse duplicates case-insensitively', () => {
    expect(parseCodeList([' SUMMER10, ,summer10,WINTER ', 'Spring,'])).toEqual({
      codes: ['SUMMER10', 'WINTER', 'Spring'],
      duplicatesSkipped: 1,
    });
  });
});

describe('When an add-codes body is validated', () => {
  it('should take an array of codes, the stores and an optional influencer', () => {
    expect(addDiscountCodesBodySchema.parse({ codes: ['A1,a1', 'B2'], stores: [3, 3], influencerName: ' ' })).toEqual({
      codes: { codes: ['A1', 'B2'], duplicatesSkipped: 1 },
      stores: [3],
      influencerName: null,
    });
  });

  it("should give the spec's messages for no codes and no stores", () => {
    expect(problemsOf({ codes: [' , '], stores: [] })).toEqual([
      'At least one code is required',
      'Select at least one store',
    ]);
  });

  it('should name each code Shopify would refuse and say why', () => {
    const [message] = problemsOf({ codes: ['OK1,SUM MER', `TAB\tX`, 'x'.repeat(256)], stores: [1] });
    expect(message).toMatch(/code "SUM MER" holds a space or a control character/);
    expect(message).toMatch(/code "TAB\tX" holds a space or a control character/);
    expect(message).toMatch(/code "x{40}…" is longer than 255 characters/);
    expect(message).not.toMatch(/OK1/);
  });

  it('should refuse more than 1,000 codes at once', () => {
    const codes = Array.from({ length: 1001 }, (_, i) => `C${i}`).join(',');
    expect(problemsOf({ codes: [codes], stores: [1] })).toEqual([
      'At most 1,000 codes at once; import more from a CSV file',
    ]);
  });
});

describe('When a store id is beyond what a store id can be', () => {
  it('should refuse it with a message rather than reach the database', () => {
    expect(problemsOf({ codes: ['A1'], stores: [1e15] })).toEqual(['A store id is at most 2147483647']);
  });
});

import { codeReservationStream, ConflictError, type CodeReservationEvent } from '@dm/events';
import { describe, expect, it } from 'vitest';
import { testNow } from '../../shared/testing/decider-spec';
import { emptyLedger, evolveLedger, expectedVersionOf, holderOf, release, reserve, type Ledger } from './ledger';

const d1 = '11111111-1111-4111-8111-111111111111';
const d2 = '22222222-2222-4222-8222-222222222222';
const reserved = (code: string, discountId = d1, storeId = 3): CodeReservationEvent => ({
  type: 'CodeReserved',
  data: { storeId, code, discountId, brandId: 1, reservedAt: testNow },
});
const released = (code: string, discountId = d1, storeId = 3): CodeReservationEvent => ({
  type: 'CodeReleased',
  data: { storeId, code, discountId, brandId: 1, releasedAt: testNow },
});
const ledgerOf = (events: CodeReservationEvent[]): Ledger => events.reduce(evolveLedger, emptyLedger);
const ask = (codes: string[], discountId = d1) => ({
  storeId: 3,
  storeName: 'Aurora GB',
  codes,
  discountId,
  brandId: 1,
  now: testNow,
});

// given ledger events / when reserve or release / then reservation events (or a conflict)
describe('When codes are reserved in a store', () => {
  it('should reserve each free code once, keeping its case, and fold codes that differ only in case', () => {
    expect(reserve(emptyLedger, ask(['Summer10', 'SUMMER10', 'winter']))).toEqual([
      reserved('Summer10'),
      reserved('winter'),
    ]);
  });

  it('should refuse a code another discount holds, case-insensitively, naming the code and the store', () => {
    const ledger = ledgerOf([reserved('SUMMER10', d2)]);
    expect(() => reserve(ledger, ask(['summer10', 'other']))).toThrow(ConflictError);
    expect(() => reserve(ledger, ask(['summer10']))).toThrow('The code summer10 is already used in Aurora GB.');
  });

  it('should leave a code the same discount already holds alone', () => {
    expect(reserve(ledgerOf([reserved('SUMMER10')]), ask(['summer10', 'NEW']))).toEqual([reserved('NEW')]);
  });

  it('should take a released code again, at the version after its release', () => {
    const ledger = ledgerOf([reserved('SUMMER10', d2), released('SUMMER10', d2)]);
    expect(reserve(ledger, ask(['Summer10']))).toEqual([reserved('Summer10')]);
    expect(expectedVersionOf(ledger, codeReservationStream(3, 'summer10'))).toBe(2n);
    expect(expectedVersionOf(ledger, codeReservationStream(3, 'never-seen'))).toBe('no_stream');
  });

  it('should keep stores apart: the same code is free in another store', () => {
    const ledger = ledgerOf([reserved('SUMMER10', d2, 4)]);
    expect(reserve(ledger, ask(['SUMMER10']))).toEqual([reserved('SUMMER10')]);
    expect(holderOf(ledger, 4, 'summer10')).toEqual({ discountId: d2, brandId: 1, code: 'SUMMER10' });
  });
});

describe('When codes are released in a store', () => {
  it("should release only the discount's own codes, with the case they were reserved in", () => {
    const ledger = ledgerOf([reserved('Summer10'), reserved('OTHER', d2)]);
    expect(release(ledger, ask(['SUMMER10', 'other', 'unknown']))).toEqual([released('Summer10')]);
  });

  it('should release nothing twice', () => {
    expect(release(ledgerOf([reserved('SUMMER10'), released('SUMMER10')]), ask(['SUMMER10']))).toEqual([]);
  });
});

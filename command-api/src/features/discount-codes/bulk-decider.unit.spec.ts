import { NotFoundError, ValidationError } from '@dm/events';
import { describe, expect, it } from 'vitest';
import type { Actor, Decider } from '../../shared/command';
import type { DiscountWorld } from '../discounts/state';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import { codesPerEvent, decideBulkAdd, type AddCodesInBulk } from './bulk-decider';
import { codeIdOf, discountCodesDecider, type CodesWorldEvent } from './decider';
import { created, discountId, live, other, released, reserved } from './testing/codes-world';

/** The bulk decision's events, as a decider the given/when/then helper runs. */
const bulk: Decider<DiscountWorld, AddCodesInBulk, CodesWorldEvent> = {
  evolve: discountCodesDecider.evolve,
  initialState: discountCodesDecider.initialState,
  decide: (command, state) => decideBulkAdd(command, state).events,
};
const spec = deciderSpec(bulk);
const user: Actor = { id: 'u2', email: 'uma@x.test', name: 'Uma User', level: 'user', brandIds: [1] };
const stranger: Actor = { id: 'u4', email: 'bo@x.test', name: null, level: 'manager', brandIds: [2] };
const stores = [
  { id: 1, name: 'Aurora GB' },
  { id: 2, name: 'Aurora DE' },
];

const importing = (rows: [string, string | null][], storeIds = [1], actor = user): AddCodesInBulk => ({
  type: 'AddCodesInBulk',
  data: {
    discountId,
    rows: rows.map(([code, influencerName], i) => ({ row: i + 2, code, influencerName })),
    storeIds,
    stores,
  },
  metadata: metadataFor(actor),
});
const addedBy = { userId: 'u2', name: 'Uma User', email: 'uma@x.test' };
const added = (codes: string[], influencerName: string | null, storeIds = [1]): CodesWorldEvent => ({
  type: 'DiscountCodesAdded',
  data: {
    discountId,
    brandId: 1,
    codes: codes.map((code) => ({ codeId: codeIdOf('command-1', code), code })),
    storeIds,
    savedLocally: false,
    influencerName,
    addedBy,
    addedAt: testNow,
  },
});

describe('When rows are added in bulk to a deployed discount', () => {
  it('should add the free codes grouped by influencer and reserve each in every chosen store', () => {
    spec
      .given([created, ...live(1), ...live(2)])
      .when(
        importing(
          [
            ['A1', 'Ivy'],
            ['B2', null],
            ['C3', 'Ivy'],
          ],
          [1, 2],
        ),
      )
      .then([
        added(['A1', 'C3'], 'Ivy', [1, 2]),
        added(['B2'], null, [1, 2]),
        reserved(1, 'A1'),
        reserved(1, 'B2'),
        reserved(1, 'C3'),
        reserved(2, 'A1'),
        reserved(2, 'B2'),
        reserved(2, 'C3'),
      ]);
  });

  it('should reject a row whose code is held in one of the stores (case-insensitively, any discount), adding the rest', () => {
    const given = [created, ...live(1), ...live(2), reserved(2, 'TAKEN', other), reserved(1, 'mine')];
    const state = given.reduce(discountCodesDecider.evolve, discountCodesDecider.initialState);
    const decision = decideBulkAdd(
      importing(
        [
          ['taken', null],
          ['MINE', null],
          ['FREE', null],
        ],
        [1, 2],
      ),
      state,
    );
    expect(decision.rejected).toEqual([
      { row: 2, code: 'taken', reason: 'Already used in Aurora DE' },
      { row: 3, code: 'MINE', reason: 'Already used in Aurora GB (this discount)' },
    ]);
    expect(decision.added.map((a) => a.code)).toEqual(['FREE']);
    expect(decision.events.map((e) => e.type)).toEqual(['DiscountCodesAdded', 'CodeReserved', 'CodeReserved']);
  });

  it('should take a code released by another discount', () => {
    spec
      .given([created, ...live(1), reserved(1, 'AGAIN', other), released(1, 'AGAIN')])
      .when(importing([['again', null]]))
      .then([added(['again'], null), reserved(1, 'again')]);
  });

  it(`should split an influencer's codes into events of at most ${codesPerEvent}`, () => {
    const rows = Array.from({ length: codesPerEvent + 1 }, (_, i): [string, string | null] => [`X${i}`, 'Ivy']);
    const state = [created, ...live(1)].reduce(discountCodesDecider.evolve, discountCodesDecider.initialState);
    const decision = decideBulkAdd(importing(rows), state);
    expect(decision.events.flatMap((e) => (e.type === 'DiscountCodesAdded' ? [e.data.codes.length] : []))).toEqual([
      codesPerEvent,
      1,
    ]);
  });

  it('should record nothing when every row is taken', () => {
    spec
      .given([created, ...live(1), reserved(1, 'A1', other)])
      .when(importing([['A1', null]]))
      .then([]);
  });
});

describe('When the target is not allowed', () => {
  it('should refuse a store the discount is not deployed in', () => {
    spec
      .given([created, ...live(1)])
      .when(importing([['A1', null]], [2]))
      .thenThrows(ValidationError, 'Aurora DE: this discount is not deployed there');
  });

  it("should not find another brand's discount", () => {
    spec
      .given([created, ...live(1)])
      .when(importing([['A1', null]], [1], stranger))
      .thenThrows(NotFoundError);
  });
});

import { ConflictError, NotFoundError, ValidationError } from '@dm/events';
import { describe, it } from 'vitest';
import type { Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { AddDiscountCodes, CodeFact, DeleteDiscountCode } from './commands';
import { codeIdOf, discountCodesDecider, type CodesWorldEvent } from './decider';
import { created, discountId, live, other, released, requested, reserved } from './testing/codes-world';

const spec = deciderSpec(discountCodesDecider);
const user: Actor = { id: 'u2', email: 'uma@x.test', name: 'Uma User', level: 'user', brandIds: [1] };
const manager: Actor = { id: 'u3', email: 'max@x.test', name: null, level: 'manager', brandIds: [1] };
const stranger: Actor = { id: 'u4', email: 'bo@x.test', name: null, level: 'manager', brandIds: [2] };
const codeId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const stores = [
  { id: 1, name: 'Aurora GB' },
  { id: 2, name: 'Aurora DE' },
  { id: 3, name: 'Borealis GB' },
];

const add = (codes: string[], storeIds: number[], actor: Actor = user): AddDiscountCodes => ({
  type: 'AddDiscountCodes',
  data: { discountId, codes, storeIds, influencerName: 'Ivy', stores },
  metadata: metadataFor(actor),
});
const addedEvent = (codes: string[], storeIds: number[], savedLocally = false): CodesWorldEvent => ({
  type: 'DiscountCodesAdded',
  data: {
    discountId,
    brandId: 1,
    codes: codes.map((code) => ({ codeId: codeIdOf('command-1', code), code })),
    storeIds,
    savedLocally,
    influencerName: 'Ivy',
    addedBy: { userId: 'u2', name: 'Uma User', email: 'uma@x.test' },
    addedAt: testNow,
  },
});
const fact = (over: Partial<CodeFact> = {}): CodeFact => ({
  codeId,
  discountId,
  code: 'Ivy10',
  deleted: false,
  ...over,
});
const remove = (found: CodeFact | null, actor: Actor = manager): DeleteDiscountCode => ({
  type: 'DeleteDiscountCode',
  data: { codeId, found },
  metadata: metadataFor(actor),
});

describe('When codes are added to stores the discount is deployed in', () => {
  it('should record the codes and reserve each in each store, in one decision', () => {
    spec
      .given([created, ...live(1), ...live(2)])
      .when(add(['IVY10', 'ivy20'], [1, 2]))
      .then([
        addedEvent(['IVY10', 'ivy20'], [1, 2]),
        reserved(1, 'IVY10'),
        reserved(1, 'ivy20'),
        reserved(2, 'IVY10'),
        reserved(2, 'ivy20'),
      ]);
  });

  it('should take a code another discount released', () => {
    spec
      .given([created, ...live(1), reserved(1, 'ivy10', other, 2), released(1, 'ivy10', other, 2)])
      .when(add(['IVY10'], [1]))
      .then([addedEvent(['IVY10'], [1]), reserved(1, 'IVY10')]);
  });

  it('should refuse a store the discount is not deployed in, naming it and the deployed ones', () => {
    spec
      .given([created, ...live(1)])
      .when(add(['IVY10'], [1, 2]))
      .thenThrows(
        ValidationError,
        'Aurora DE: this discount is not deployed there. Add codes to its deployed stores (Aurora GB).',
      );
  });
});

describe('When a code is already held in a chosen store', () => {
  it('should refuse the whole request, naming the code as held and the store, case-insensitively, across brands', () => {
    spec
      .given([created, ...live(1), ...live(2), reserved(2, 'Ivy10', other, 2)])
      .when(add(['IVY10', 'NEW1'], [1, 2]))
      .thenThrows(
        ConflictError,
        'This code already exists: Ivy10 in Aurora DE. Nothing was added; choose other codes or stores.',
      );
  });

  it('should refuse a code this discount already holds there', () => {
    spec
      .given([created, ...live(1), reserved(1, 'IVY10')])
      .when(add(['ivy10'], [1]))
      .thenThrows(ConflictError, 'IVY10 in Aurora GB (already a code of this discount)');
  });

  it('should not mind the code in another store', () => {
    spec
      .given([created, ...live(1), ...live(2), reserved(2, 'IVY10', other, 2)])
      .when(add(['IVY10'], [1]))
      .then([addedEvent(['IVY10'], [1]), reserved(1, 'IVY10')]);
  });
});

describe('When the discount is deployed nowhere yet', () => {
  it('should save the codes locally for its target stores (reserved there, pushed once deployed)', () => {
    spec
      .given([created, requested(1), requested(2)])
      .when(add(['IVY10'], [2]))
      .then([addedEvent(['IVY10'], [2], true), reserved(2, 'IVY10')]);
  });

  it('should refuse a store that is no target of the discount', () => {
    spec
      .given([created])
      .when(add(['IVY10'], [3]))
      .thenThrows(ValidationError, 'Borealis GB: not a target store of this discount.');
  });
});

describe('When the discount is missing, foreign or ended', () => {
  it('should answer a missing or foreign discount as not found, and refuse an ended one', () => {
    spec
      .given([])
      .when(add(['IVY10'], [1]))
      .thenThrows(NotFoundError, `Discount ${discountId} was not found.`);
    spec
      .given([created, ...live(1)])
      .when(add(['IVY10'], [1], stranger))
      .thenThrows(NotFoundError);
    const ended: CodesWorldEvent = {
      type: 'DiscountEnded',
      data: { discountId, endedBy: { userId: 'u1', name: 'Ada', email: null }, endedAt: testNow },
    };
    spec
      .given([created, ...live(1), ended])
      .when(add(['IVY10'], [1]))
      .thenThrows(ConflictError, /has ended/);
  });
});

describe('When a code is deleted', () => {
  it('should record the deletion for each store where this discount holds the code', () => {
    spec
      .given([created, ...live(1), ...live(2), reserved(1, 'Ivy10'), reserved(2, 'IVY10', other, 2)])
      .when(remove(fact()))
      .then([
        {
          type: 'DiscountCodeDeleted',
          data: {
            discountId,
            brandId: 1,
            codeId,
            code: 'Ivy10',
            storeIds: [1],
            deletedBy: { userId: 'u3', name: 'max@x.test', email: 'max@x.test' },
            deletedAt: testNow,
          },
        },
      ]);
  });

  it('should answer an unknown, already deleted or foreign code as not found', () => {
    spec.given([created]).when(remove(null)).thenThrows(NotFoundError, `Code ${codeId} was not found.`);
    spec
      .given([created])
      .when(remove(fact({ deleted: true })))
      .thenThrows(NotFoundError);
    spec
      .given([created, reserved(1, 'Ivy10')])
      .when(remove(fact(), stranger))
      .thenThrows(NotFoundError);
  });
});

import { describe, expect, it } from 'vitest';
import { aCode, inStore } from '../testing/code-fixtures';
import { progressOf } from './get-codes-progress';

const ids = [aCode(1).id, aCode(2).id];

describe('Where added codes stand in a store', () => {
  it('should be syncing until every added code is in the list and live there', () => {
    expect(progressOf([aCode(1)], ids, 1)).toEqual({ state: 'syncing' });
    expect(progressOf([aCode(1), aCode(2, { stores: [inStore(1, 'pending')] })], ids, 1)).toEqual({
      state: 'syncing',
    });
    expect(progressOf([aCode(1), aCode(2)], ids, 1)).toEqual({ state: 'live' });
  });

  it('should not count other codes or other stores', () => {
    const codes = [aCode(1, { stores: [inStore(1), inStore(2, 'pending')] }), aCode(2), aCode(3, { stores: [] })];
    expect(progressOf(codes, ids, 1)).toEqual({ state: 'live' });
    expect(progressOf(codes, ids, 2)).toEqual({ state: 'syncing' });
  });

  it('should fail as soon as one code is refused there, naming it and why', () => {
    const codes = [
      aCode(1, { code: 'ANNA10', stores: [inStore(1, 'conflict', 'Code must be unique')] }),
      aCode(2, { code: 'BEN10', stores: [inStore(1, 'failed', 'Shopify is down')] }),
    ];
    expect(progressOf(codes, ids, 1)).toEqual({
      state: 'failed',
      reason: 'ANNA10: already exists in Shopify (and 1 more)',
    });
    expect(
      progressOf([aCode(2, { code: 'BEN10', stores: [inStore(1, 'failed', 'Shopify is down')] })], ids, 1),
    ).toEqual({ state: 'failed', reason: 'BEN10: Shopify is down' });
  });
});

import { describe, expect, it } from 'vitest';
import { aDeployment } from '../testing/discount-detail';
import { codeStoresOf } from './code-stores';

describe('Where codes may go', () => {
  it('should be the deployed stores once any store is deployed', () => {
    const deployments = [aDeployment(1), aDeployment(2, { status: 'failed' }), aDeployment(3, { status: 'pending' })];
    expect(codeStoresOf({ deployments })).toEqual([{ id: 1, name: 'Aurora 1' }]);
  });

  it('should be every target store (not ended) while none is deployed', () => {
    const deployments = [aDeployment(1, { status: 'pending' }), aDeployment(2, { status: 'ended' })];
    expect(codeStoresOf({ deployments })).toEqual([{ id: 1, name: 'Aurora 1' }]);
  });
});

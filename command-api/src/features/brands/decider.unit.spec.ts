import { ConflictError, ForbiddenError } from '@dm/events';
import { describe, it } from 'vitest';
import { systemActor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { RegisterBrand } from './commands';
import { brandsDecider } from './decider';

const spec = deciderSpec(brandsDecider);
const register = (name: string, actor = systemActor): RegisterBrand => ({
  type: 'RegisterBrand',
  data: { name },
  metadata: metadataFor(actor),
});
const registered = (brandId: number, name: string) =>
  ({ type: 'BrandRegistered', data: { brandId, name, registeredAt: testNow } }) as const;

describe('When no brand exists', () => {
  it('should register the first brand with id 1', () => {
    spec
      .given([])
      .when(register('Aurora'))
      .then([registered(1, 'Aurora')]);
  });
  it('should refuse anyone but a super admin', () => {
    spec
      .given([])
      .when(register('Aurora', { id: 'u1', email: 'a@x.test', level: 'admin', brandIds: [1] }))
      .thenThrows(ForbiddenError, 'Only a super admin');
  });
});

describe('When brands exist', () => {
  it('should hand out the next id', () => {
    spec
      .given([registered(1, 'Aurora'), registered(2, 'Borealis')])
      .when(register('Cirrus'))
      .then([registered(3, 'Cirrus')]);
  });
  it('should refuse a name that is taken, whatever its case', () => {
    spec
      .given([registered(1, 'Aurora')])
      .when(register(' aurora '))
      .thenThrows(ConflictError, 'already exists');
  });
});

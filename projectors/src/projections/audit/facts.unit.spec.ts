import { describe, expect, it } from 'vitest';
import { auditFactsOf } from './facts';

const metadata = { actorId: 'a', actorEmail: null };

describe('auditFactsOf', () => {
  it("should read a discount event's brand from its metadata and name the discount", () => {
    const facts = auditFactsOf({
      type: 'DiscountDeployed',
      streamId: 'discount:d1',
      data: { discountId: 'd1', storeId: 3 },
      metadata: { ...metadata, brandId: 2 },
    });
    expect(facts).toEqual({
      entityKind: 'discount',
      subjects: ['discount:d1'],
      brandIds: [2],
      inheritFrom: ['stream:discount:d1', 'store:3'],
      teaches: ['stream:discount:d1'],
    });
  });

  it('should let a store teach its brand, and its later events inherit it, on the shared locations stream', () => {
    const created = auditFactsOf({
      type: 'StoreCreated',
      streamId: 'locations',
      data: { storeId: 3, brandId: 2 },
      metadata,
    });
    expect(created).toMatchObject({ entityKind: 'store', subjects: ['store:3'], brandIds: [2], teaches: ['store:3'] });
    const later = auditFactsOf({ type: 'StoreDeactivated', streamId: 'locations', data: { storeId: 3 }, metadata });
    expect(later).toMatchObject({ brandIds: null, inheritFrom: ['store:3'], teaches: [] });
  });

  it('should leave regions and countries brand-less', () => {
    const region = auditFactsOf({ type: 'RegionCreated', streamId: 'locations', data: { regionId: 1 }, metadata });
    expect(region).toMatchObject({ entityKind: 'region', subjects: ['region:1'], brandIds: null, inheritFrom: [] });
    const country = auditFactsOf({ type: 'CountryDeleted', streamId: 'locations', data: { countryId: 4 }, metadata });
    expect(country).toMatchObject({ entityKind: 'country', subjects: ['country:4'] });
  });

  it("should take a person's brands from the grant and name them by email", () => {
    const facts = auditFactsOf({
      type: 'PermissionGranted',
      streamId: 'user-access:u@x.test',
      data: { email: 'u@x.test', brandIds: [1, 2] },
      metadata: { ...metadata, brandId: null },
    });
    expect(facts).toMatchObject({ entityKind: 'user', subjects: ['user:u@x.test'], brandIds: [1, 2] });
  });

  it('should name a code by its id', () => {
    const facts = auditFactsOf({
      type: 'DiscountCodeDeleted',
      streamId: 'discount-codes:d1',
      data: { discountId: 'd1', codeId: 'c1', brandId: 1 },
      metadata,
    });
    expect(facts).toMatchObject({ entityKind: 'code', subjects: ['discount:d1', 'code:c1'], brandIds: [1] });
  });
});

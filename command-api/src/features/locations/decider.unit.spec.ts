import { ConflictError, ForbiddenError, NotFoundError, type LocationEvent } from '@dm/events';
import { describe, it } from 'vitest';
import { systemActor, type Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { LocationCommand } from './commands';
import { locationsDecider } from './decider';

const spec = deciderSpec(locationsDecider);
const superAdmin: Actor = { id: 'u-super', email: 's@x.test', level: 'super_admin', brandIds: [1] };
const cmd = <T extends LocationCommand['type']>(
  type: T,
  data: Extract<LocationCommand, { type: T }>['data'],
  actor = superAdmin,
) => ({ type, data, metadata: metadataFor(actor) }) as LocationCommand;

const regionCreated = (regionId: number, code: string, name = `Region ${code}`): LocationEvent => ({
  type: 'RegionCreated',
  data: { regionId, code, name, createdAt: testNow },
});
const countryCreated = (
  countryId: number,
  code: string,
  regionId: number,
  name = `Country ${code}`,
): LocationEvent => ({
  type: 'CountryCreated',
  data: { countryId, code, name, regionId, createdAt: testNow },
});
const storeCreated = (storeId: number, urlSlug: string, countryId: number, brandId = 1): LocationEvent => ({
  type: 'StoreCreated',
  data: {
    storeId,
    name: `Aurora GB`,
    urlSlug,
    shopifyDomain: `${urlSlug}.myshopify.com`,
    brandId,
    countryId,
    createdAt: testNow,
  },
});
const europe = regionCreated(1, 'EU', 'Europe');
const uk = countryCreated(1, 'GB', 1, 'United Kingdom');

describe('When no region exists', () => {
  it('should create the first region with id 1', () => {
    spec
      .given([])
      .when(cmd('CreateRegion', { code: 'EU', name: 'Europe' }))
      .then([europe]);
  });
  it('should refuse a country in a region that does not exist', () => {
    spec
      .given([])
      .when(cmd('CreateCountry', { code: 'GB', name: 'UK', regionId: 7 }))
      .thenThrows(NotFoundError, 'Region 7 was not found');
  });
  it('should refuse to update or delete an unknown region', () => {
    spec
      .given([])
      .when(cmd('UpdateRegion', { regionId: 3, code: 'EU', name: 'E' }))
      .thenThrows(NotFoundError, 'Region 3');
    spec
      .given([])
      .when(cmd('DeleteRegion', { regionId: 3 }))
      .thenThrows(NotFoundError, 'Region 3');
  });
});

describe('When regions exist', () => {
  it('should hand out the next id, never reusing a deleted one', () => {
    const deleted: LocationEvent = { type: 'RegionDeleted', data: { regionId: 2, deletedAt: testNow } };
    spec
      .given([europe, regionCreated(2, 'NA'), deleted])
      .when(cmd('CreateRegion', { code: 'APAC', name: 'Asia Pacific' }))
      .then([regionCreated(3, 'APAC', 'Asia Pacific')]);
  });
  it('should refuse a code that is taken', () => {
    spec
      .given([europe])
      .when(cmd('CreateRegion', { code: 'EU', name: 'Again' }))
      .thenThrows(ConflictError, 'code EU already exists');
  });
  it('should rename a region and allow keeping its own code', () => {
    spec
      .given([europe])
      .when(cmd('UpdateRegion', { regionId: 1, code: 'EU', name: 'Europa' }))
      .then([{ type: 'RegionUpdated', data: { regionId: 1, code: 'EU', name: 'Europa', updatedAt: testNow } }]);
  });
  it('should record nothing when nothing changes', () => {
    spec
      .given([europe])
      .when(cmd('UpdateRegion', { regionId: 1, code: 'EU', name: 'Europe' }))
      .then([]);
  });
  it("should refuse taking another region's code", () => {
    spec
      .given([europe, regionCreated(2, 'NA')])
      .when(cmd('UpdateRegion', { regionId: 2, code: 'EU', name: 'N' }))
      .thenThrows(ConflictError, 'code EU already exists');
  });
  it('should delete an empty region', () => {
    spec
      .given([europe])
      .when(cmd('DeleteRegion', { regionId: 1 }))
      .then([{ type: 'RegionDeleted', data: { regionId: 1, deletedAt: testNow } }]);
  });
  it('should refuse deleting a region that has countries, saying how many', () => {
    spec
      .given([europe, uk, countryCreated(2, 'DE', 1)])
      .when(cmd('DeleteRegion', { regionId: 1 }))
      .thenThrows(ConflictError, 'This region has 2 countries that must be deleted first.');
    spec
      .given([europe, uk])
      .when(cmd('DeleteRegion', { regionId: 1 }))
      .thenThrows(ConflictError, 'This region has 1 country that');
  });
});

describe('When a region has countries', () => {
  it('should create a country in it', () => {
    spec
      .given([europe])
      .when(cmd('CreateCountry', { code: 'GB', name: 'United Kingdom', regionId: 1 }))
      .then([uk]);
  });
  it('should refuse a duplicate country code', () => {
    spec
      .given([europe, uk])
      .when(cmd('CreateCountry', { code: 'GB', name: 'Britain', regionId: 1 }))
      .thenThrows(ConflictError, 'code GB');
  });
  it('should move a country to another existing region only', () => {
    spec
      .given([europe, uk, regionCreated(2, 'NA')])
      .when(cmd('UpdateCountry', { countryId: 1, code: 'GB', name: 'United Kingdom', regionId: 2 }))
      .then([
        {
          type: 'CountryUpdated',
          data: { countryId: 1, code: 'GB', name: 'United Kingdom', regionId: 2, updatedAt: testNow },
        },
      ]);
    spec
      .given([europe, uk])
      .when(cmd('UpdateCountry', { countryId: 1, code: 'GB', name: 'UK', regionId: 9 }))
      .thenThrows(NotFoundError, 'Region 9');
  });
  it('should refuse deleting a country that has stores, and delete an empty one', () => {
    spec
      .given([europe, uk, storeCreated(1, 'aurora-uk', 1)])
      .when(cmd('DeleteCountry', { countryId: 1 }))
      .thenThrows(ConflictError, 'This country has 1 store that must be moved to another country first.');
    spec
      .given([europe, uk])
      .when(cmd('DeleteCountry', { countryId: 1 }))
      .then([{ type: 'CountryDeleted', data: { countryId: 1, deletedAt: testNow } }]);
  });
});

describe('When creating stores', () => {
  const create = (urlSlug: string, actor = superAdmin, countryId = 1) =>
    cmd('CreateStore', { urlSlug, brandId: 1, brandName: 'Aurora', countryId }, actor);
  it('should derive the name and shop domain', () => {
    spec
      .given([europe, uk])
      .when(create('aurora-uk'))
      .then([storeCreated(1, 'aurora-uk', 1)]);
  });
  it('should name a second store of the same brand and country after its slug too, so no two share a name', () => {
    const second = storeCreated(2, 'aurora-uk-outlet', 1);
    spec
      .given([europe, uk, storeCreated(1, 'aurora-uk', 1)])
      .when(create('aurora-uk-outlet'))
      .then([{ ...second, data: { ...second.data, name: 'Aurora GB (aurora-uk-outlet)' } } as LocationEvent]);
  });
  it('should refuse an unknown country', () => {
    spec
      .given([europe])
      .when(create('aurora-uk', superAdmin, 4))
      .thenThrows(NotFoundError, 'Country 4 was not found');
  });
  it('should refuse a slug that is taken', () => {
    spec
      .given([europe, uk, storeCreated(1, 'aurora-uk', 1)])
      .when(create('aurora-uk'))
      .thenThrows(ConflictError, 'URL slug aurora-uk already exists');
  });
  it("should refuse a brand outside the caller's brands but let the system seed any", () => {
    const other: Actor = { ...superAdmin, brandIds: [2] };
    spec.given([europe, uk]).when(create('aurora-uk', other)).thenThrows(ForbiddenError, 'brand 1');
    spec
      .given([europe, uk])
      .when(create('aurora-uk', systemActor))
      .then([storeCreated(1, 'aurora-uk', 1)]);
  });
});

describe('When a store exists', () => {
  const given = [europe, uk, storeCreated(1, 'aurora-uk', 1)];
  it('should deactivate and reactivate it', () => {
    spec
      .given(given)
      .when(cmd('SetStoreActive', { storeId: 1, isActive: false }))
      .then([{ type: 'StoreDeactivated', data: { storeId: 1, deactivatedAt: testNow } }]);
    const off: LocationEvent = { type: 'StoreDeactivated', data: { storeId: 1, deactivatedAt: testNow } };
    spec
      .given([...given, off])
      .when(cmd('SetStoreActive', { storeId: 1, isActive: true }))
      .then([{ type: 'StoreActivated', data: { storeId: 1, activatedAt: testNow } }]);
  });
  it('should record nothing when the state is already the asked one', () => {
    spec
      .given(given)
      .when(cmd('SetStoreActive', { storeId: 1, isActive: true }))
      .then([]);
  });
  it('should answer not found for an unknown store and for a store of a foreign brand', () => {
    spec
      .given(given)
      .when(cmd('SetStoreActive', { storeId: 2, isActive: false }))
      .thenThrows(NotFoundError, 'Store 2 was not found.');
    const foreign: Actor = { ...superAdmin, brandIds: [2] };
    spec
      .given(given)
      .when(cmd('SetStoreActive', { storeId: 1, isActive: false }, foreign))
      .thenThrows(NotFoundError, 'Store 1 was not found.');
  });
  it('should move it to another country, recording nothing when it is already there', () => {
    const de = countryCreated(2, 'DE', 1, 'Germany');
    const moved: LocationEvent = { type: 'StoreMoved', data: { storeId: 1, countryId: 2, movedAt: testNow } };
    spec
      .given([...given, de])
      .when(cmd('MoveStore', { storeId: 1, countryId: 2 }))
      .then([moved]);
    spec
      .given([...given, de, moved])
      .when(cmd('MoveStore', { storeId: 1, countryId: 2 }))
      .then([]);
  });
  it('should let the country it left be deleted once it has moved', () => {
    const de = countryCreated(2, 'DE', 1, 'Germany');
    spec
      .given([...given, de, { type: 'StoreMoved', data: { storeId: 1, countryId: 2, movedAt: testNow } }])
      .when(cmd('DeleteCountry', { countryId: 1 }))
      .then([{ type: 'CountryDeleted', data: { countryId: 1, deletedAt: testNow } }]);
  });
  it('should refuse a move to an unknown country, of an unknown store, or of a foreign brand', () => {
    spec
      .given(given)
      .when(cmd('MoveStore', { storeId: 1, countryId: 9 }))
      .thenThrows(NotFoundError, 'Country 9 was not found');
    spec
      .given(given)
      .when(cmd('MoveStore', { storeId: 2, countryId: 1 }))
      .thenThrows(NotFoundError, 'Store 2 was not found.');
    spec
      .given(given)
      .when(cmd('MoveStore', { storeId: 1, countryId: 1 }, { ...superAdmin, brandIds: [2] }))
      .thenThrows(NotFoundError, 'Store 1 was not found.');
  });
  it('should not let one fold leak into the next (the initial state stays empty)', () => {
    spec
      .given([])
      .when(cmd('SetStoreActive', { storeId: 1, isActive: false }))
      .thenThrows(NotFoundError);
  });
});

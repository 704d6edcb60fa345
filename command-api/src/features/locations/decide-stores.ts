import { shopDomainOf, type LocationEvent } from '@dm/events';
import { ConflictError, ForbiddenError, inBrandScope, NotFoundError } from '@dm/server-kit';
import type { Actor } from '../../shared/command';
import type { CreateStore, SetStoreActive } from './commands-types';
import { countryNotFound } from './decide-countries';
import { findStoreBySlug, type Locations } from './state';

const mayUseBrand = (actor: Actor, brandId: number) => actor.id === 'system' || inBrandScope(actor.brandIds, brandId);

export const createStore = ({ data, metadata }: CreateStore, state: Locations): LocationEvent[] => {
  if (!mayUseBrand(metadata.actor, data.brandId))
    throw new ForbiddenError(`You do not have access to brand ${data.brandId}.`);
  const country = state.countries.get(data.countryId);
  if (!country) throw countryNotFound(data.countryId);
  if (findStoreBySlug(state, data.urlSlug))
    throw new ConflictError(`A store with URL slug ${data.urlSlug} already exists. Choose another slug.`);
  return [
    {
      type: 'StoreCreated',
      data: {
        storeId: state.lastStoreId + 1,
        name: `${data.brandName} ${country.code}`,
        urlSlug: data.urlSlug,
        shopifyDomain: shopDomainOf(data.urlSlug),
        brandId: data.brandId,
        countryId: country.id,
        createdAt: metadata.now,
      },
    },
  ];
};

export const setStoreActive = ({ data, metadata }: SetStoreActive, state: Locations): LocationEvent[] => {
  const store = state.stores.get(data.storeId);
  // A store of a brand the caller lacks is answered like a missing one: its existence is not theirs to know.
  if (!store || !mayUseBrand(metadata.actor, store.brandId))
    throw new NotFoundError(`Store ${data.storeId} was not found.`);
  if (store.isActive === data.isActive) return [];
  return data.isActive
    ? [{ type: 'StoreActivated', data: { storeId: store.id, activatedAt: metadata.now } }]
    : [{ type: 'StoreDeactivated', data: { storeId: store.id, deactivatedAt: metadata.now } }];
};

import { ConflictError, ForbiddenError, type BrandEvent } from '@dm/events';
import type { Decider } from '../../shared/command';
import type { BrandCommand, RegisterBrand } from './commands';

export interface BrandRegistry {
  readonly lastId: number;
  readonly idsByName: ReadonlyMap<string, number>;
}

const nameKey = (name: string) => name.trim().toLowerCase();

export const initialState: BrandRegistry = { lastId: 0, idsByName: new Map() };

export const evolve = (state: BrandRegistry, event: BrandEvent): BrandRegistry => {
  switch (event.type) {
    case 'BrandRegistered':
      return {
        lastId: Math.max(state.lastId, event.data.brandId),
        idsByName: new Map(state.idsByName).set(nameKey(event.data.name), event.data.brandId),
      };
  }
};

const registerBrand = (command: RegisterBrand, state: BrandRegistry): BrandEvent[] => {
  if (command.metadata.actor.level !== 'super_admin')
    throw new ForbiddenError('Only a super admin can register brands.');
  const name = command.data.name.trim();
  if (state.idsByName.has(nameKey(name))) throw new ConflictError(`A brand named ${name} already exists.`);
  return [{ type: 'BrandRegistered', data: { brandId: state.lastId + 1, name, registeredAt: command.metadata.now } }];
};

export const decide = (command: BrandCommand, state: BrandRegistry): BrandEvent[] => {
  switch (command.type) {
    case 'RegisterBrand':
      return registerBrand(command, state);
  }
};

export const brandsDecider: Decider<BrandRegistry, BrandCommand, BrandEvent> = { decide, evolve, initialState };

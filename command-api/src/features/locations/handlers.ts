import {
  countryCodeSchema,
  type LocationEvent,
  locationNameSchema,
  locationsStream,
  parseDomainEvent,
  regionCodeSchema,
  urlSlugSchema,
  ValidationError,
} from '@dm/events';
import type { z } from 'zod';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import type { LocationCommand } from './commands';
import { locationsDecider } from './decider';
import type { Locations } from './state';

/** The same rules for every caller (HTTP, seed, CLI): codes uppercased, names trimmed, slugs checked. */
const valid = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => i.message).join(' '));
  return parsed.data;
};

type Data<T extends LocationCommand['type']> = Extract<LocationCommand, { type: T }>['data'];

export const locationsHandlers = (ctx: CommandContext) => {
  const send = <T extends LocationCommand['type']>(type: T, data: Data<T>, actor: Actor, options: CommandOptions) =>
    handleCommand(
      ctx.eventStore,
      locationsStream(),
      locationsDecider,
      { type, data, metadata: ctx.metadata(type, actor, options) } as LocationCommand,
      ctx.versionOf(options),
    );
  const region = (r: { code: string; name: string }) => ({
    code: valid(regionCodeSchema, r.code),
    name: valid(locationNameSchema, r.name),
  });
  const country = (c: { code: string; name: string; regionId: number }) => ({
    code: valid(countryCodeSchema, c.code),
    name: valid(locationNameSchema, c.name),
    regionId: c.regionId,
  });

  return {
    createRegion: (data: Data<'CreateRegion'>, actor: Actor, options: CommandOptions = {}) =>
      send('CreateRegion', region(data), actor, options),
    updateRegion: (data: Data<'UpdateRegion'>, actor: Actor, options: CommandOptions = {}) =>
      send('UpdateRegion', { regionId: data.regionId, ...region(data) }, actor, options),
    deleteRegion: (regionId: number, actor: Actor, options: CommandOptions = {}) =>
      send('DeleteRegion', { regionId }, actor, options),
    createCountry: (data: Data<'CreateCountry'>, actor: Actor, options: CommandOptions = {}) =>
      send('CreateCountry', country(data), actor, options),
    updateCountry: (data: Data<'UpdateCountry'>, actor: Actor, options: CommandOptions = {}) =>
      send('UpdateCountry', { countryId: data.countryId, ...country(data) }, actor, options),
    deleteCountry: (countryId: number, actor: Actor, options: CommandOptions = {}) =>
      send('DeleteCountry', { countryId }, actor, options),
    createStore: (data: Data<'CreateStore'>, actor: Actor, options: CommandOptions = {}) =>
      send('CreateStore', { ...data, urlSlug: valid(urlSlugSchema, data.urlSlug) }, actor, options),
    setStoreActive: (data: Data<'SetStoreActive'>, actor: Actor, options: CommandOptions = {}) =>
      send('SetStoreActive', data, actor, options),
    moveStore: (data: Data<'MoveStore'>, actor: Actor, options: CommandOptions = {}) =>
      send('MoveStore', data, actor, options),
    /** The current regions, countries and stores as the decider sees them (the seed maps demo codes to ids). */
    readLocations: async (): Promise<Locations> =>
      (
        await ctx.eventStore.aggregate(
          locationsStream(),
          (s: Locations, recorded) => locationsDecider.evolve(s, parseDomainEvent(recorded) as LocationEvent),
          locationsDecider.initialState,
        )
      ).state,
  };
};

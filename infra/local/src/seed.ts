import type { CommandBus } from '@dm/command-api/commands';
import { systemActor } from '@dm/command-api/commands';
import { ConflictError } from '@dm/events';
import { demoAccounts, demoBrands, demoCountries, demoRegions, demoStores } from './demo-world';

const alreadyThere = (error: unknown) => error instanceof ConflictError;

/**
 * Seeds the demo world through commands, so the seed is events like everything else and read models stay
 * rebuildable. Starts run it only on an empty log (`seedOnEmptyLog`); a second run leaves what exists alone.
 */
export const seedDemoWorld = async (commands: CommandBus): Promise<{ created: number; existing: number }> => {
  let created = 0;
  let existing = 0;
  const attempt = async (send: () => Promise<unknown>) => {
    try {
      await send();
      created++;
    } catch (error) {
      if (!alreadyThere(error)) throw error;
      existing++;
    }
  };
  for (const brand of demoBrands) {
    await attempt(async () => {
      const { events } = await commands.registerBrand(brand.name, systemActor, { commandId: `seed:brand:${brand.id}` });
      const id = events[0]?.data.brandId;
      // The demo world refers to brands by id; a database that already had other brands would break that.
      if (id !== brand.id)
        throw new Error(`Seeding ${brand.name} gave brand id ${id}, the demo world expects ${brand.id}`);
    });
  }
  for (const account of demoAccounts) {
    await attempt(() =>
      commands.grantPermission(
        { email: account.email, permissionLevel: account.permissionLevel, brandIds: account.brandIds },
        systemActor,
        { commandId: `seed:account:${account.email}` },
      ),
    );
  }
  await seedLocations(commands, attempt);
  return { created, existing };
};

/**
 * Regions, then countries, then stores. Ids are whatever the decider hands out (someone may have added or
 * deleted locations before), so each step looks the previous ones up by code instead of assuming ids.
 */
const seedLocations = async (commands: CommandBus, attempt: (send: () => Promise<unknown>) => Promise<void>) => {
  for (const region of demoRegions) await attempt(() => commands.createRegion(region, systemActor));
  const regions = [...(await commands.readLocations()).regions.values()];
  for (const { regionCode, ...country } of demoCountries) {
    const region = regions.find((r) => r.code === regionCode);
    if (!region) throw new Error(`Demo region ${regionCode} is missing after seeding`);
    await attempt(() => commands.createCountry({ ...country, regionId: region.id }, systemActor));
  }
  const countries = [...(await commands.readLocations()).countries.values()];
  for (const store of demoStores) {
    const country = countries.find((c) => c.code === store.countryCode);
    const brand = demoBrands.find((b) => b.id === store.brandId);
    if (!country || !brand) throw new Error(`Demo store ${store.slug} refers to a missing country or brand`);
    await attempt(() =>
      commands.createStore(
        { urlSlug: store.slug, brandId: brand.id, brandName: brand.name, countryId: country.id },
        systemActor,
      ),
    );
  }
};

import type { CommandBus } from '@dm/command-api/commands';
import { systemActor } from '@dm/command-api/commands';
import { ConflictError } from '@dm/server-kit';
import { demoAccounts, demoBrands } from './demo-world';

const alreadyThere = (error: unknown) => error instanceof ConflictError;

/**
 * Seeds the demo world through commands, so the seed is events like everything else and read models stay
 * rebuildable. Safe to run on every start: what exists is left alone.
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
      if (id !== brand.id) throw new Error(`Seeding ${brand.name} gave brand id ${id}, the demo world expects ${brand.id}`);
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
  return { created, existing };
};

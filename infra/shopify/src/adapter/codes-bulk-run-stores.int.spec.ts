import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorAdapter } from '../../test/adapter-harness';
import { startTestEmulator, type TestEmulator } from '../../test/harness';
import type { ShopifyStore } from '../index';

// Decision 1476: bulk operation ids are unique within a store only (the emulator numbers each shop's objects on its
// own, so two stores seeded alike give their runs the same ids). The slots held by submitted runs were kept in one
// map for every store, by run id: a run of one store freed the other's slot and left its own held for good, and
// after five such runs every further chunk of that store waited for a slot forever (`pnpm bench codes` hung).
const twins = ['twin-a', 'twin-b'];
let t: TestEmulator;
const stores = new Map<string, { store: ShopifyStore; discountId: string }>();

beforeAll(async () => {
  t = await startTestEmulator({
    shops: twins.map((slug) => ({ slug, brandId: 1, countryCode: 'GB' })),
    jobs: { mode: 'auto', delayMs: 0 },
  });
  const adapter = emulatorAdapter(t, {}, twins);
  for (const slug of twins) {
    const found = adapter.store(slug);
    if (!found.ok) throw found.error;
    const created = await found.store.createDiscount({
      kind: 'multi',
      title: 'Twins',
      code: 'TWINS',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: t.emulator.functionIds[slug]!,
      rules: [{ value: { percentage: 5 }, appliesTo: { all: true } }],
    });
    stores.set(slug, { store: found.store, discountId: created.id });
  }
});
afterAll(async () => {
  await t.emulator.stop();
});

const runAll = async (slug: string, tags: string[]) => {
  const { store, discountId } = stores.get(slug)!;
  const ids: string[] = [];
  for (const tag of tags) ids.push(await store.submitCodesRun(tag, [{ discountId, codes: [`${tag}-CODE`] }]));
  return ids;
};

describe('When two stores give their bulk mutation runs the same ids', () => {
  it("should free each store's own slots as its runs finish, so a sixth run of either store goes out", async () => {
    const tags = Array.from({ length: 5 }, (_, i) => `DmCodesPush_twin${i}`);
    const idsA = await runAll('twin-a', tags);
    const idsB = await runAll('twin-b', tags);
    expect(idsB).toEqual(idsA); // the case under test: the same ids in both stores

    for (const slug of twins) {
      const { store } = stores.get(slug)!;
      const ids = slug === 'twin-a' ? idsA : idsB;
      for (const id of ids) expect((await store.codesRunCreation(id, 0)).codes).toHaveLength(1);
    }

    // Every run has finished: both stores have all five slots free again, so these go out at once.
    for (const slug of twins) {
      const [id] = await runAll(slug, ['DmCodesPush_twinNext']);
      const { store } = stores.get(slug)!;
      expect((await store.codesRunCreation(id!, 0)).codes).toEqual(['DmCodesPush_twinNext-CODE']);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ShopifyUserError, type ShopifyAdapter, type ShopifyStore } from '../src/index';

export interface ContractTarget {
  readonly adapter: ShopifyAdapter;
  readonly slug: string;
  /** The discount Function id in that store (app discounts need one). */
  readonly functionId: string;
}

const collect = async <T>(pages: AsyncIterable<T[]>): Promise<T[]> => {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
};

/**
 * What the adapter must do against any store: the emulator, or a real development store (real-store.int.spec.ts).
 * Codes carry a per-run suffix so runs never collide.
 */
export const adapterContract = (name: string, target: () => ContractTarget) =>
  describe(`Shopify adapter contract: ${name}`, () => {
    const run = Date.now().toString(36).toUpperCase();
    const store = (): ShopifyStore => {
      const found = target().adapter.store(target().slug);
      if (!found.ok) throw found.error;
      return found.store;
    };
    const multi = (code: string) => ({
      kind: 'multi' as const,
      title: `Contract multi ${run}`,
      code,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      functionId: target().functionId,
      rules: [{ value: { percentage: 10 }, appliesTo: { all: true as const }, minimumSubtotal: '50' }],
    });

    it('should import products, variants and collections page by page', async () => {
      const products = await collect(store().importProducts());
      const variants = await collect(store().importVariants());
      const collections = await collect(store().importCollections());
      expect(products.length).toBeGreaterThan(0);
      expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
      const productIds = new Set(products.map((p) => p.id));
      expect(variants.every((v) => productIds.has(v.product.id))).toBe(true);
      expect(collections.length).toBeGreaterThan(0);
      // Members come with each collection, among the store's products (a real store's catalog varies).
      expect(collections.flatMap((c) => c.products.nodes).every((p) => productIds.has(p.id))).toBe(true);
      expect(collections.some((c) => c.products.nodes.length > 0)).toBe(true);
    });

    it('should create a multi discount, add codes with per-code results, check, delete codes, and delete it', async () => {
      const s = store();
      const { id } = await s.createDiscount(multi(`CM-${run}`));
      expect(id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
      const fresh = [`CM-${run}-1`, `CM-${run}-2`, `CM-${run}-3`];
      const results = await s.addCodes(id, [...fresh, `cm-${run}`]);
      expect(results).toEqual([
        ...fresh.map((code) => ({ code, status: 'added' })),
        { code: `cm-${run}`, status: 'conflict', reason: 'Code must be unique. Please try a different code.' },
      ]);
      const exists = await s.checkCodesExist([fresh[0]!.toLowerCase(), `NOPE-${run}`]);
      expect(exists.get(fresh[0]!.toLowerCase())).toMatchObject({ discountId: id, discountType: 'DiscountCodeApp' });
      expect(exists.get(`NOPE-${run}`)).toBeNull();
      const ids = await s.findCodeIds(id, fresh.slice(0, 2));
      expect(ids.size).toBe(2);
      await s.deleteCodes(id, [...ids.values()]);
      const after = await s.checkCodesExist(fresh);
      expect([...after.values()].map((v) => v !== null)).toEqual([false, false, true]);
      await s.deleteDiscount(id);
      expect((await s.checkCodesExist([fresh[2]!])).get(fresh[2]!)).toBeNull();
    });

    it('should create a GWP as BXGY, update, deactivate and activate it, and surface user errors with Shopify text', async () => {
      const s = store();
      const variants = await collect(s.importVariants());
      const gwp = {
        kind: 'gwp' as const,
        title: `Contract GWP ${run}`,
        code: `CG-${run}`,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        trigger: { quantity: 2 },
        triggerItems: { productIds: [variants[0]!.product.id] },
        giftVariantIds: [variants[1]!.id],
      };
      const { id } = await s.createDiscount(gwp);
      await s.updateDiscount(id, { ...gwp, title: `Contract GWP ${run} v2`, trigger: { minimumAmount: '80.00' } });
      await s.deactivateDiscount(id);
      await s.activateDiscount(id);
      const taken = await s.createDiscount({ ...gwp, title: 'dup' }).catch((e: unknown) => e);
      expect(taken).toBeInstanceOf(ShopifyUserError);
      expect((taken as ShopifyUserError).message).toBe('Code must be unique. Please try a different code.');
      await s.deleteDiscount(id);
    });

    it('should mark our discounts at creation (an app discount in the call, a BXGY right after) and read the marker by code', async () => {
      const s = store();
      const variants = await collect(s.importVariants());
      const ourId = `our-${run}`;
      const app = await s.createDiscount({ ...multi(`CK-${run}`), ourId });
      const gift = await s.createDiscount({
        kind: 'gwp',
        title: `Contract marked GWP ${run}`,
        code: `CKG-${run}`,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        trigger: { quantity: 2 },
        triggerItems: { productIds: [variants[0]!.product.id] },
        giftVariantIds: [variants[1]!.id],
        ourId,
      });
      const unmarked = await s.createDiscount(multi(`CU-${run}`));
      const found = await s.checkCodesExist([`CK-${run}`, `CKG-${run}`, `CU-${run}`]);
      expect(found.get(`CK-${run}`)).toMatchObject({ discountId: app.id, marker: ourId });
      expect(found.get(`CKG-${run}`)).toMatchObject({ discountId: gift.id, marker: ourId });
      expect(found.get(`CU-${run}`)).toMatchObject({ discountId: unmarked.id, marker: null });
      await s.markAsOurs(unmarked.id, ourId);
      await s.markAsOurs(unmarked.id, ourId);
      expect((await s.checkCodesExist([`CU-${run}`])).get(`CU-${run}`)).toMatchObject({ marker: ourId });
      for (const { id } of [app, gift, unmarked]) await s.deleteDiscount(id);
    });

    it('should export every code discount and code as streamed records', async () => {
      const s = store();
      const { id } = await s.createDiscount(multi(`CE-${run}`));
      await s.addCodes(id, [`CE-${run}-A`]);
      const codes: string[] = [];
      let discountSeen = false;
      for await (const record of s.exportCodeDiscounts()) {
        if (record.kind === 'discount' && record.id === id)
          discountSeen = record.type === 'DiscountCodeApp' && record.functionId === target().functionId;
        if (record.kind === 'code' && record.discountId === id) codes.push(record.code);
      }
      expect(discountSeen).toBe(true);
      expect(codes).toEqual([`CE-${run}`, `CE-${run}-A`]);
      await s.deleteDiscount(id);
    });
  });

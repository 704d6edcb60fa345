import type { CatalogItemKind } from '@dm/events';
import type { CreateDiscountInput, EquivalentOffer, PreflightAnswer, PreflightRole } from '@dm/events/http';
import type { StoreFact } from './commands';

/** A catalog item a store must hold an equivalent of, and why the discount names it. */
export interface CatalogTarget {
  readonly kind: CatalogItemKind;
  readonly id: string;
  readonly role: PreflightRole;
}

/**
 * Where each target has an equivalent (its own store, or a store of an item in its link group), its title, and the
 * same-handle collections per store offered for a missing collection. Read from the catalog read model by the
 * handler (`coverage-lookup.ts`), so the decision stays pure.
 */
export interface CatalogCoverage {
  readonly targets: readonly {
    readonly kind: CatalogItemKind;
    readonly id: string;
    readonly title: string;
    readonly storeIds: readonly number[];
    readonly offers: Readonly<Record<number, readonly EquivalentOffer[]>>;
  }[];
}

const products = (ids: readonly string[], role: PreflightRole) =>
  ids.map((id) => ({ kind: 'product' as const, id: id.toLowerCase(), role }));
const collections = (ids: readonly string[], role: PreflightRole) =>
  ids.map((id) => ({ kind: 'collection' as const, id: id.toLowerCase(), role }));

/**
 * What every target store must hold, as the deployment resolves it (projectors' `catalogNeeds`): a multi's rule
 * targets; a GWP's gifts and its trigger products or collection, else (a minimum cart value only) its product
 * scope, which Shopify's BXGY then names as what the customer buys.
 */
export const catalogTargetsOf = (input: CreateDiscountInput): CatalogTarget[] => {
  const all: CatalogTarget[] = [];
  if (input.discountType === 'multi') {
    for (const r of input.multiConfig?.discounts ?? [])
      all.push({ kind: r.target.type, id: r.target.id.toLowerCase(), role: 'rule' });
  } else {
    const gwp = input.gwpConfig;
    const scope = input.productScope;
    const trigger =
      gwp?.requiredType === 'collection' && gwp.requiredCollection
        ? collections([gwp.requiredCollection], 'trigger')
        : gwp?.requiredType === 'product' && gwp.triggerProducts.length > 0
          ? products(gwp.triggerProducts, 'trigger')
          : scope.type === 'products'
            ? products(scope.productIds, 'scope')
            : scope.type === 'collections'
              ? collections(scope.collectionIds, 'scope')
              : [];
    all.push(...trigger, ...products(gwp?.giftProducts ?? [], 'gift'));
  }
  const seen = new Set<string>();
  return all.filter((t) => {
    const key = `${t.kind}:${t.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Per target store, the targets without an equivalent there (with the offers for it); stores lacking none can deploy. */
export const preflightOf = (
  targets: readonly CatalogTarget[],
  stores: readonly StoreFact[],
  coverage: CatalogCoverage,
): PreflightAnswer => {
  const byKey = new Map(coverage.targets.map((t) => [`${t.kind}:${t.id}`, t]));
  const answer = stores.map((store) => ({
    storeId: store.id,
    storeName: store.name,
    missing: targets.flatMap((target) => {
      const found = byKey.get(`${target.kind}:${target.id}`);
      if (found?.storeIds.includes(store.id)) return [];
      return [
        {
          kind: target.kind,
          id: target.id,
          title: found?.title ?? target.id,
          role: target.role,
          offers: [...(found?.offers[store.id] ?? [])],
        },
      ];
    }),
  }));
  return { stores: answer, deployableStoreIds: answer.filter((s) => s.missing.length === 0).map((s) => s.storeId) };
};

const labels: Record<PreflightRole, string> = { rule: '', trigger: 'trigger ', gift: 'gift ', scope: '' };

/** One sentence per store, naming what it lacks: `Aurora DE has no equivalent of collection "Best Sellers".` */
export const describeMissing = (answer: PreflightAnswer): string =>
  answer.stores
    .filter((s) => s.missing.length > 0)
    .map(
      (s) =>
        `${s.storeName} has no equivalent of ${s.missing.map((m) => `${labels[m.role]}${m.kind} "${m.title}"`).join(', ')}.`,
    )
    .join(' ');

import {
  codeReservationStream,
  ConflictError,
  discountStream,
  ForbiddenError,
  inBrandScope,
  notConnectedAdvice,
  ValidationError,
  type CatalogItemKind,
  type CombinesWith,
  type DiscountEvent,
  type GwpSettings,
  type ProductScope,
} from '@dm/events';
import type { CreateDiscountInput } from '@dm/events/http';
import type { Actor } from '../../shared/command';
import type { CatalogItemFact, CreateDiscount, DiscountCreator, StoreFact } from './commands';
import { isFreeFor, reserve, type Ledger } from './ledger';
import { catalogTargetsOf, describeMissing, preflightOf } from './preflight';
import type { DiscountWorld, DiscountWorldEvent } from './state';

export const mayUseBrand = (actor: Actor, brandId: number) =>
  actor.id === 'system' || inBrandScope(actor.brandIds, brandId);

/** Who acts, as events record a creator: the session's name, else the email. */
export const creatorOf = (actor: Actor): DiscountCreator => ({
  userId: actor.id,
  name: actor.name ?? actor.email ?? 'System',
  email: actor.email,
});

const problems = (found: readonly string[]) => {
  if (found.length > 0) throw new ValidationError(found.slice(0, 5).join(' '));
};

// ── Target stores ──

/**
 * Requested stores must be active, connected stores of the brand; none requested means every active store of the
 * brand that is connected (decision 1415): an unconnected store is left out of "every store" and refused by name
 * when chosen, so it never gets a deployment that can only fail.
 */
export const targetStoresOf = (
  { brandId, storeIds }: Pick<CreateDiscountInput, 'brandId' | 'storeIds'>,
  stores: readonly StoreFact[],
): StoreFact[] => {
  if (storeIds.length === 0) {
    const active = stores.filter((s) => s.brandId === brandId && s.isActive).sort((a, b) => a.id - b.id);
    if (active.length === 0) {
      throw new ValidationError(`Brand ${brandId} has no active store to deploy to. Activate a store first.`);
    }
    const connected = active.filter((s) => s.connected);
    if (connected.length === 0) problems(active.map((s) => notConnectedAdvice(s.name)));
    return connected;
  }
  const byId = new Map(stores.map((s) => [s.id, s]));
  const wanted = [...new Set(storeIds)].map((id) => ({ id, store: byId.get(id) }));
  problems(
    wanted.flatMap(({ id, store }) => {
      if (!store) return [`Store ${id} does not exist.`];
      if (store.brandId !== brandId) return [`Store ${store.name} belongs to another brand.`];
      if (!store.isActive) return [`Store ${store.name} is inactive: activate it or leave it out.`];
      if (!store.connected) return [notConnectedAdvice(store.name)];
      return [];
    }),
  );
  return wanted.map(({ store }) => store!);
};

// ── The seed code ──

/**
 * The first of the command's random seed codes (drawn by the handler, decision 1304) free in every target store,
 * or null. A stream the ledger never read counts as free: the handler reads every candidate's streams.
 */
export const firstFreeSeed = (
  ledger: Ledger,
  candidates: readonly string[],
  storeIds: readonly number[],
  discountId: string,
): string | null =>
  candidates.find((code) => storeIds.every((storeId) => isFreeFor(ledger, storeId, code, discountId))) ?? null;

// ── The catalog items the payload names ──

interface ItemRef {
  readonly kind: CatalogItemKind;
  readonly id: string;
}

export const itemsNamedBy = (input: CreateDiscountInput): ItemRef[] => {
  const products = (ids: readonly string[]) => ids.map((id) => ({ kind: 'product' as const, id }));
  const collections = (ids: readonly string[]) => ids.map((id) => ({ kind: 'collection' as const, id }));
  if (input.discountType === 'multi') {
    return (input.multiConfig?.discounts ?? []).map((r) => ({ kind: r.target.type, id: r.target.id }));
  }
  const gwp = input.gwpConfig;
  const scope = input.productScope;
  return [
    ...(scope.type === 'products' ? products(scope.productIds) : []),
    ...(scope.type === 'collections' ? collections(scope.collectionIds) : []),
    ...(gwp?.requiredType === 'product' ? products(gwp.triggerProducts) : []),
    ...(gwp?.requiredType === 'collection' && gwp.requiredCollection ? collections([gwp.requiredCollection]) : []),
    ...products(gwp?.giftProducts ?? []),
  ];
};

const itemKey = (kind: CatalogItemKind, id: string) => `${kind}:${id.toLowerCase()}`;
const label = (kind: CatalogItemKind) => (kind === 'product' ? 'Product' : 'Collection');

/** Every item must be the brand's and marked available for discount (itself or an item linked to it). */
export const checkItems = (refs: readonly ItemRef[], items: readonly CatalogItemFact[], brandId: number) => {
  const byKey = new Map(items.map((i) => [itemKey(i.kind, i.id), i]));
  const seen = new Set<string>();
  problems(
    refs.flatMap(({ kind, id }) => {
      const key = itemKey(kind, id);
      if (seen.has(key)) return [];
      seen.add(key);
      const item = byKey.get(key);
      if (!item || item.brandId !== brandId) return [`${label(kind)} ${id} is not in this brand's catalog.`];
      if (!item.available) {
        const where = item.storeName ? ` (${item.storeName})` : '';
        return [`${label(kind)} "${item.title}"${where} is not available for discount: mark it first.`];
      }
      return [];
    }),
  );
  return byKey;
};

// ── The shape recorded ──

const defaultCombinesWith: CombinesWith = { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false };
const describeCombines = (c: CombinesWith) =>
  `order ${c.orderDiscounts}, product ${c.productDiscounts}, shipping ${c.shippingDiscounts}`;

/** `conditions.combinesWith` counts; a copy in the type's config may repeat it but not contradict it. */
export const combinesWithOf = (input: CreateDiscountInput): CombinesWith => {
  const field = input.discountType === 'multi' ? 'multiConfig' : 'gwpConfig';
  const copy = input[field]?.combinesWith;
  const counted = input.conditions.combinesWith;
  if (copy && counted && describeCombines(copy) !== describeCombines(counted)) {
    throw new ValidationError(
      `conditions.combinesWith (${describeCombines(counted)}) and ${field}.combinesWith (${describeCombines(copy)}) differ. Send the same values, or only conditions.combinesWith.`,
    );
  }
  return counted ?? copy ?? defaultCombinesWith;
};

/** Multi skips the Products step: its scope is every product, its rules say what they apply to. */
const scopeOf = (input: CreateDiscountInput): ProductScope => {
  const { type, productIds, collectionIds } = input.productScope;
  if (input.discountType === 'multi' || type === 'all') return { type: 'all', productIds: [], collectionIds: [] };
  return type === 'products'
    ? { type, productIds: [...new Set(productIds)], collectionIds: [] }
    : { type, productIds: [], collectionIds: [...new Set(collectionIds)] };
};

const gwpOf = (input: CreateDiscountInput): GwpSettings | null => {
  const gwp = input.gwpConfig;
  if (input.discountType !== 'gwp' || !gwp) return null;
  return {
    requiredType: gwp.requiredType,
    triggerProductIds: gwp.requiredType === 'product' ? [...new Set(gwp.triggerProducts)] : [],
    requiredCollectionId: gwp.requiredType === 'collection' ? (gwp.requiredCollection ?? null) : null,
    giftProductIds: [...new Set(gwp.giftProducts)],
    triggerQuantity: gwp.triggerQuantity,
    giftQuantity: gwp.giftQuantity,
    minimumCartValue: gwp.minimumCartValue,
  };
};

// ── The decision ──

/**
 * Records the discount, asks for its deployment to every target store, and reserves its seed code in each of
 * them (the handler appends all of it atomically). A discount already recorded is not recorded again: re-sending
 * the same command appends nothing.
 */
export const createDiscount = (command: CreateDiscount, state: DiscountWorld): DiscountWorldEvent[] => {
  const { discountId, input, stores, items, coverage, seedCandidates } = command.data;
  const { actor, now } = command.metadata;
  if (state.discount.status !== 'none') return [];
  if (!mayUseBrand(actor, input.brandId)) throw new ForbiddenError(`You do not have access to brand ${input.brandId}.`);
  const combinesWith = combinesWithOf(input);
  const targets = targetStoresOf(input, stores);
  const catalog = checkItems(itemsNamedBy(input), items, input.brandId);
  const preflight = preflightOf(catalogTargetsOf(input), targets, coverage);
  if (preflight.deployableStoreIds.length === 0) {
    throw new ConflictError(
      `No chosen store has an equivalent of everything this discount names: ${describeMissing(preflight)} Link the equivalents in the catalog, or choose a store that has them.`,
    );
  }
  const storeIds = targets.map((s) => s.id);
  const seedCode = firstFreeSeed(state.ledger, seedCandidates, storeIds, discountId);
  if (seedCode === null) throw new ConflictError('No free first code was found for this discount. Send it again.');
  const created: DiscountEvent = {
    type: 'DiscountCreated',
    data: {
      discountId,
      brandId: input.brandId,
      name: input.name,
      description: input.description || null,
      discountType: input.discountType,
      productScope: scopeOf(input),
      rules:
        input.discountType === 'multi'
          ? (input.multiConfig?.discounts ?? []).map(({ target, kind, amount }) => ({
              target: { ...target, name: catalog.get(itemKey(target.type, target.id))?.title ?? target.name },
              kind,
              amount,
            }))
          : [],
      gwp: gwpOf(input),
      startsAt: input.conditions.startDate,
      endsAt: input.conditions.endDate,
      combinesWith,
      storeIds,
      seedCode,
      createdBy: creatorOf(actor),
      createdAt: now,
    },
  };
  const requested = storeIds.map((storeId): DiscountEvent => ({
    type: 'DiscountDeploymentRequested',
    data: { discountId, storeId, attempt: 1, requestedAt: now },
  }));
  const reservations = targets.flatMap((store) =>
    reserve(state.ledger, {
      storeId: store.id,
      storeName: store.name,
      codes: [seedCode],
      discountId,
      brandId: input.brandId,
      now,
    }),
  );
  return [created, ...requested, ...reservations];
};

/** Where each event of a discount decision is appended. */
export const streamOf = (event: DiscountWorldEvent) =>
  event.type === 'CodeReserved' || event.type === 'CodeReleased'
    ? codeReservationStream(event.data.storeId, event.data.code)
    : discountStream(event.data.discountId);

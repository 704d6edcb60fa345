import {
  currentSchemaVersion,
  discountCodesStream,
  discountStream,
  type DriftDifferences,
  type DriftField,
} from '@dm/events';
import { deterministicId } from '../../deterministic-id';
import {
  isOurs,
  openStore,
  requireFunction,
  resolveCatalog,
  type DeploymentContext,
} from '../discount-deployment/deploy';
import { discountHistory, type DiscountHistory } from '../discount-deployment/history';
import { DeploymentProblem } from '../discount-deployment/problem';
import { shopifyModel } from '../discount-deployment/shopify-model';
import { restoreCodes } from './restore-codes';

export interface ReassertTarget {
  readonly requestId: string;
  readonly discountId: string;
  readonly storeId: number;
  readonly shopifyDiscountId: string;
  readonly differences: DriftDifferences;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface Reasserted {
  readonly shopifyDiscountId: string;
  readonly recreated: boolean;
  readonly codesAdded: number;
  readonly codesRemoved: number;
  readonly fieldsRestored: DriftField[];
}

/** Ours as the log says: name, dates (the start defaults to the creation), end. */
const ourFields = (history: DiscountHistory) => ({
  title: history.created.name,
  startsAt: history.created.startsAt ?? history.created.createdAt,
  endsAt: history.created.endsAt,
});

/**
 * Our discount was deleted in the store: created again with the deployment's code (or found, when a re-run after
 * a lost outcome meets the one it created), and the new Shopify id recorded as the store's deployment, so ending
 * the discount and later syncs address the new one. The deployment is recorded for the store's latest attempt,
 * at the stream version the fold read (decision 1300): had the discount been ended meanwhile, the append fails,
 * the effect runs again, and finds it ended. The codes push does not run again (it follows the first
 * `DiscountDeployed` only): the missing codes are added here.
 */
const recreate = async (ctx: DeploymentContext, history: DiscountHistory, target: ReassertTarget) => {
  const { store, shopify } = await openStore(ctx, target.storeId);
  const current = history.store(store.id);
  const deployed = history.deployedIn(store.id);
  if (!current || !deployed) throw new DeploymentProblem(`The discount is not deployed to store ${store.name}`);
  const owner = (await shopify.checkCodesExist([deployed.code])).get(deployed.code);
  let id: string;
  if (owner && isOurs(history, store.id, owner)) id = owner.discountId;
  else if (owner)
    throw new DeploymentProblem(`Code ${deployed.code} is now held by another discount in store ${store.name}`);
  else {
    const functionId = history.created.discountType === 'multi' ? requireFunction(shopify, store) : null;
    const copies = await resolveCatalog(ctx, history, store);
    id = (await shopify.createDiscount(shopifyModel(history.created, { code: deployed.code, functionId, copies }))).id;
  }
  await ctx.eventStore.append(
    discountStream(target.discountId),
    [
      {
        type: 'DiscountDeployed',
        schemaVersion: currentSchemaVersion('DiscountDeployed'),
        eventId: deterministicId(`drift-reassert|${target.requestId}|deployed`),
        data: {
          discountId: target.discountId,
          storeId: store.id,
          shopifyDiscountId: id,
          code: deployed.code,
          attempt: current.attempt,
          deployedAt: ctx.now().toISOString(),
        },
        metadata: target.metadata,
      },
    ],
    { expected: history.version },
  );
  return { id, code: deployed.code, shopify };
};

/**
 * The codes a re-assert put (back) in the store, recorded as a push outcome on the codes stream, so a code whose
 * push had failed (its discount deleted in the store meanwhile) reads live on the codes page. Its own chunk key, so
 * no push of the codes reactor is taken for finished; a re-run appends the same event id (a no-op).
 */
const recordCodesLive = async (
  ctx: DeploymentContext,
  target: ReassertTarget,
  shopifyDiscountId: string,
  codes: readonly string[],
  page: number,
) => {
  if (codes.length === 0) return;
  const chunkKey = `reassert:${target.requestId}:${page}`;
  await ctx.eventStore.append(
    discountCodesStream(target.discountId),
    [
      {
        type: 'DiscountCodesPushed',
        schemaVersion: currentSchemaVersion('DiscountCodesPushed'),
        eventId: deterministicId(`drift-reassert|${target.requestId}|codes|${page}|${shopifyDiscountId}`),
        data: {
          discountId: target.discountId,
          storeId: target.storeId,
          chunkKey,
          live: [...codes],
          refused: [],
          pushedAt: ctx.now().toISOString(),
        },
        metadata: target.metadata,
      },
    ],
    { expected: 'any' },
  );
};

/**
 * An ended discount stays ended (issue 22): nothing is created again, no date is put back (a date would make it
 * live again); its title is restored alone, and whatever of ours the store still holds under the deployment's
 * code or id is deactivated (a no-op on an expired discount).
 */
const keepEnded = async (ctx: DeploymentContext, history: DiscountHistory, target: ReassertTarget) => {
  const { store, shopify } = await openStore(ctx, target.storeId);
  const deployed = history.deployedIn(store.id);
  const ids = new Set<string>();
  if (!target.differences.deleted) ids.add(target.shopifyDiscountId);
  if (deployed) {
    const owner = (await shopify.checkCodesExist([deployed.code])).get(deployed.code);
    if (owner && isOurs(history, store.id, owner)) ids.add(owner.discountId);
  }
  const fieldsRestored: DriftField[] = [];
  for (const id of ids) {
    if (id === target.shopifyDiscountId && target.differences.fields.some((f) => f.field === 'title')) {
      await shopify.updateDiscountTitle(id, history.created.discountType, history.created.name);
      fieldsRestored.push('title');
    }
    await shopify.deactivateDiscount(id);
  }
  if (target.differences.fields.some((f) => f.field === 'status')) fieldsRestored.push('status');
  return { shopifyDiscountId: [...ids][0] ?? target.shopifyDiscountId, fieldsRestored };
};

/**
 * Puts our version back in the store, for the differences the admin was shown: the discount created again if
 * deleted, title and dates restored (an ended discount deactivated again), missing codes added, codes we never
 * added removed. Each step is idempotent, so a re-run after a crash converges to the same store.
 */
export const reassertInStore = async (ctx: DeploymentContext, target: ReassertTarget): Promise<Reasserted> => {
  const raw = await ctx.eventStore.readStream(discountStream(target.discountId));
  const history = discountHistory(raw);
  if (!history) throw new DeploymentProblem(`Discount ${target.discountId} does not exist`);
  const { differences } = target;
  if (history.ended) {
    const kept = await keepEnded(ctx, history, target);
    return { ...kept, recreated: false, codesAdded: 0, codesRemoved: 0 };
  }
  let shopifyDiscountId = target.shopifyDiscountId;
  let alreadyThere: string | null = null;
  let { shopify } = await openStore(ctx, target.storeId);
  const fieldsRestored: DriftField[] = [];
  if (differences.deleted) {
    const created = await recreate(ctx, history, target);
    shopifyDiscountId = created.id;
    shopify = created.shopify;
    alreadyThere = created.code;
  } else {
    const fields = differences.fields.map((f) => f.field);
    if (fields.some((f) => f !== 'status')) {
      await shopify.updateDiscountFields(shopifyDiscountId, history.created.discountType, ourFields(history));
      fieldsRestored.push(...fields.filter((f) => f !== 'status'));
    }
    if (fields.includes('status')) {
      await shopify.deactivateDiscount(shopifyDiscountId);
      fieldsRestored.push('status');
    }
  }
  const deploymentCode = history.codeIn(target.storeId);
  const scope = { discountId: target.discountId, storeId: target.storeId, shopifyDiscountId, deploymentCode };
  const recordLive = (codes: readonly string[], page: number) =>
    recordCodesLive(ctx, target, shopifyDiscountId, codes, page);
  const { codesAdded, codesRemoved } = await restoreCodes(
    ctx.db,
    shopify,
    scope,
    differences,
    alreadyThere,
    recordLive,
  );
  return {
    shopifyDiscountId,
    recreated: differences.deleted,
    codesAdded,
    codesRemoved,
    fieldsRestored,
  };
};

import type { EventStore, RecordedEvent } from '@dm/event-store';
import { discountStream, parseDomainEvent } from '@dm/events';
import { ShopifyAdapterError, type ShopifyAdapter } from '@dm/shopify';
import type pg from 'pg';
import { defineReactor, RetryableEffectError, type Effect } from '../../define-reactor';
import { deactivateInStore, deployToStore, type Deployed } from './deploy';
import { discountHistory } from './history';
import { DeploymentProblem } from './problem';

export interface DiscountDeploymentReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  /** The read models: store slugs (`rm.stores`) and each store's copy of a catalog item (`rm.catalog_*`). */
  readonly db: pg.Pool;
  readonly now?: () => Date;
  /** Stores deployed at once (each store has its own Shopify rate limit). */
  readonly concurrency?: number;
}

interface Target {
  readonly discountId: string;
  readonly storeId: number;
  readonly brandId: unknown;
  readonly correlationId: string;
  readonly causationId: string;
}
type Payload =
  (Target & { readonly kind: 'deploy'; readonly attempt: number }) | (Target & { readonly kind: 'deactivate' });
type Result = (Deployed & { readonly kind: 'deployed' }) | { readonly kind: 'deactivated' } | null;

const name = 'discount-deployment';

const targetOf = (trigger: RecordedEvent, discountId: string, storeId: number): Target => ({
  discountId,
  storeId,
  brandId: trigger.metadata.brandId,
  correlationId: typeof trigger.metadata.correlationId === 'string' ? trigger.metadata.correlationId : trigger.eventId,
  causationId: trigger.eventId,
});

/** Failures only a person can fix (and Shopify's userErrors) are not worth a retry; outages are. */
const isRetryable = (error: unknown) =>
  error instanceof DeploymentProblem ? false : error instanceof ShopifyAdapterError ? error.retryable : true;

/**
 * `DiscountDeploymentRequested` → the discount created in that store (docs/decisions/1010): one outcome per
 * request, `DiscountDeployed` or `DiscountDeploymentFailed(reason, retryable)`. `DiscountEnded` → deactivated in
 * every store it was deployed to, one outcome per store. Stores run in parallel, each store's effects in log
 * order. The adapter already retries throttling, 5xx and network errors (5 attempts): its final error is recorded,
 * not retried again; only our own hiccups (the database) are retried here.
 */
export const discountDeploymentReactor = ({
  shopify,
  eventStore,
  db,
  now = () => new Date(),
  concurrency = 32,
}: DiscountDeploymentReactorOptions) => {
  const ctx = { shopify, eventStore, db, now };
  return defineReactor<Payload, Result>({
    name,
    concurrency,
    laneOf: (effect) => `${effect.payload.discountId}:${effect.payload.storeId}`,
    storeOf: (effect) => effect.payload.storeId,
    eventTypes: ['DiscountDeploymentRequested', 'DiscountEnded'],
    effectsOf: async (recorded) => {
      if (recorded.type === 'DiscountDeploymentRequested') {
        const event = parseDomainEvent(recorded);
        if (event.type !== 'DiscountDeploymentRequested') return [];
        const { discountId, storeId, attempt } = event.data;
        const payload = { kind: 'deploy' as const, attempt, ...targetOf(recorded, discountId, storeId) };
        return [{ key: `discount-deploy:${discountId}:${storeId}:${attempt}`, streamId: recorded.streamId, payload }];
      }
      if (recorded.type !== 'DiscountEnded') return [];
      const event = parseDomainEvent(recorded);
      if (event.type !== 'DiscountEnded') return [];
      const { discountId } = event.data;
      const history = discountHistory(await eventStore.readStream(discountStream(discountId)));
      return (history?.created.storeIds ?? []).map((storeId) => ({
        key: `discount-deactivate:${discountId}:${storeId}`,
        streamId: recorded.streamId,
        payload: { kind: 'deactivate' as const, ...targetOf(recorded, discountId, storeId) },
      }));
    },
    perform: async (effect: Effect<Payload>): Promise<Result> => {
      const { payload } = effect;
      const metadata = {
        actorId: `reactor:${name}`,
        actorEmail: null,
        correlationId: payload.correlationId,
        causationId: payload.causationId,
        commandId: effect.key,
        ...(payload.brandId === undefined ? {} : { brandId: payload.brandId }),
      };
      const target = { discountId: payload.discountId, storeId: payload.storeId, metadata };
      try {
        if (payload.kind === 'deploy') return { kind: 'deployed', ...(await deployToStore(ctx, target)) };
        return (await deactivateInStore(ctx, target)) ? { kind: 'deactivated' } : null;
      } catch (error) {
        if (error instanceof DeploymentProblem || error instanceof ShopifyAdapterError) throw error;
        throw new RetryableEffectError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    events: {
      succeeded: ({ payload }, result) => {
        const at = now().toISOString();
        const { discountId, storeId } = payload;
        if (result?.kind === 'deployed' && payload.kind === 'deploy') {
          const { shopifyDiscountId, code } = result;
          const data = { discountId, storeId, shopifyDiscountId, code, attempt: payload.attempt, deployedAt: at };
          return { type: 'DiscountDeployed', data };
        }
        if (result?.kind === 'deactivated')
          return { type: 'DiscountDeactivatedInStore', data: { discountId, storeId, deactivatedAt: at } };
        return null;
      },
      failed: ({ payload }, reason, error) => {
        const at = now().toISOString();
        const { discountId, storeId } = payload;
        const retryable = isRetryable(error);
        return payload.kind === 'deploy'
          ? {
              type: 'DiscountDeploymentFailed',
              data: { discountId, storeId, reason, retryable, attempt: payload.attempt, failedAt: at },
            }
          : { type: 'DiscountDeactivationFailed', data: { discountId, storeId, reason, retryable, failedAt: at } };
      },
    },
  });
};

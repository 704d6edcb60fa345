import { parseDomainEvent } from '@dm/events';
import { ShopifyAdapterError, type ShopifyAdapter } from '@dm/shopify';
import type { EventStore } from '@dm/event-store';
import type pg from 'pg';
import { defineReactor, RetryableEffectError, type Effect } from '../../define-reactor';
import { DeploymentProblem } from '../discount-deployment/problem';
import { reassertInStore, type Reasserted, type ReassertTarget } from './reassert';

export interface DiscountDriftReactorOptions {
  readonly shopify: ShopifyAdapter;
  readonly eventStore: EventStore;
  readonly db: pg.Pool;
  readonly now?: () => Date;
}

type Payload = Omit<ReassertTarget, 'metadata'> & { readonly brandId: number; readonly correlationId: string };

const name = 'discount-drift-reassert';

/**
 * `DiscountDriftReassertRequested` → our version put back in that store (decision 0930), exactly once: one effect
 * per request, its outcome `DiscountDriftReasserted` or `DiscountDriftReassertFailed(reason)` on the drift stream.
 * The request records itself (no Started event); every step is idempotent, so a re-run after a crash is safe.
 * Lanes per (discount, store). The adapter retries throttling and 5xx itself; its final error is the reason.
 */
export const discountDriftReactor = ({
  shopify,
  eventStore,
  db,
  now = () => new Date(),
}: DiscountDriftReactorOptions) =>
  defineReactor<Payload, Reasserted>({
    name,
    concurrency: 8,
    laneOf: (effect) => `${effect.payload.discountId}:${effect.payload.storeId}`,
    storeOf: (effect) => effect.payload.storeId,
    eventTypes: ['DiscountDriftReassertRequested'],
    effectsOf: (recorded) => {
      if (recorded.type !== 'DiscountDriftReassertRequested') return [];
      const event = parseDomainEvent(recorded);
      if (event.type !== 'DiscountDriftReassertRequested') return [];
      const { requestId, discountId, storeId, brandId, shopifyDiscountId, differences } = event.data;
      const correlationId =
        typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : recorded.eventId;
      return [
        {
          key: `drift-reassert:${requestId}`,
          streamId: recorded.streamId,
          payload: { requestId, discountId, storeId, brandId, shopifyDiscountId, differences, correlationId },
        },
      ];
    },
    perform: async (effect: Effect<Payload>) => {
      const { payload } = effect;
      const metadata = {
        actorId: `reactor:${name}`,
        actorEmail: null,
        brandId: payload.brandId,
        correlationId: payload.correlationId,
        causationId: null,
        commandId: effect.key,
      };
      try {
        return await reassertInStore({ shopify, eventStore, db, now }, { ...payload, metadata });
      } catch (error) {
        if (error instanceof DeploymentProblem || error instanceof ShopifyAdapterError) throw error;
        throw new RetryableEffectError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    events: {
      succeeded: ({ payload }, result) => ({
        type: 'DiscountDriftReasserted',
        data: {
          discountId: payload.discountId,
          storeId: payload.storeId,
          requestId: payload.requestId,
          ...result,
          reassertedAt: now().toISOString(),
        },
      }),
      failed: ({ payload }, reason) => ({
        type: 'DiscountDriftReassertFailed',
        data: {
          discountId: payload.discountId,
          storeId: payload.storeId,
          requestId: payload.requestId,
          reason,
          failedAt: now().toISOString(),
        },
      }),
    },
  });

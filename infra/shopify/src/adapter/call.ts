import type { AdminApiClient } from '@shopify/admin-api-client';
import type { Logger } from 'pino';
import {
  MaxCostExceededError,
  ShopifyAuthError,
  ShopifyGraphqlError,
  ShopifyNoAnswerError,
  ShopifyUnavailableError,
  ShopifyUserError,
  type ShopifyUserErrorDetail,
} from './errors';
import { PacingBucket, throttleWaitMs, type SpendOptions, type ThrottleStatus } from './pacing';
import { backoffMs, type RetryPolicy } from './retry';

export interface CallCost {
  readonly requestedQueryCost: number;
  readonly actualQueryCost: number | null;
  readonly throttleStatus: ThrottleStatus;
}

export interface CallOptions extends SpendOptions {
  /** Names the operation in errors and logs, and keys the learned cost estimate. */
  readonly operation: string;
  /** Expected requested cost before we have seen one; later calls use the last one Shopify reported. */
  readonly estimate: number;
  /**
   * Not to be sent twice (a mutation Shopify cannot dedupe): without an answer it throws `ShopifyNoAnswerError`
   * instead of retrying. THROTTLED, 429 and 5xx are answers that it did not run, and are retried.
   */
  readonly once?: boolean;
}

/**
 * One store's Admin API access: pacing from `throttleStatus`, the §13 recipes for THROTTLED and
 * MAX_COST_EXCEEDED, jittered back-off for 5xx and network errors, typed errors for the rest.
 */
export class StoreClient {
  readonly pacing: PacingBucket;
  private readonly learned = new Map<string, number>();
  /** Points Shopify charged us (sum of `actualQueryCost`): what the benchmark's utilisation counts. */
  spentPoints = 0;

  constructor(
    readonly slug: string,
    private readonly client: AdminApiClient,
    private readonly policy: RetryPolicy,
    private readonly logger: Logger,
  ) {
    this.pacing = new PacingBucket({ now: policy.now, sleep: policy.sleep });
  }

  async request<T>(query: string, variables: Record<string, unknown>, options: CallOptions): Promise<T> {
    let problem = '';
    for (let attempt = 1; attempt <= this.policy.maxAttempts; attempt++) {
      options.signal?.throwIfAborted();
      const estimate = this.learned.get(options.operation) ?? options.estimate;
      const release = await this.pacing.acquire(estimate, options);
      let response: Awaited<ReturnType<AdminApiClient['request']>>;
      try {
        response = await this.client.request(query, {
          variables,
          signal: options.signal
            ? AbortSignal.any([AbortSignal.timeout(this.policy.requestTimeoutMs), options.signal])
            : AbortSignal.timeout(this.policy.requestTimeoutMs),
        });
      } finally {
        release();
      }
      const cost = response.extensions?.cost as CallCost | undefined;
      this.pacing.observe(cost?.throttleStatus);
      if (cost) {
        this.learned.set(options.operation, cost.requestedQueryCost);
        this.spentPoints += cost.actualQueryCost ?? 0;
      }
      const errors = response.errors;
      if (!errors) return response.data as T;
      const status = errors.networkStatusCode;
      const codes = errors.graphQLErrors?.map((e) => e.extensions?.code) ?? [];
      if (status === 401) throw new ShopifyAuthError(this.slug);
      if (options.once && (status === undefined || (status < 300 && !errors.graphQLErrors?.length)))
        throw new ShopifyNoAnswerError(this.slug, options.operation, errors.message ?? 'no answer');
      if (codes.includes('THROTTLED') && cost) {
        problem = 'THROTTLED';
        await this.policy.sleep(throttleWaitMs(cost.requestedQueryCost, cost.throttleStatus));
        continue;
      }
      if (codes.includes('MAX_COST_EXCEEDED')) {
        throw new MaxCostExceededError(
          this.slug,
          cost?.requestedQueryCost ?? Number(errors.graphQLErrors?.[0]?.extensions?.cost ?? 0),
        );
      }
      if (status === undefined || status === 429 || status >= 500) {
        problem = errors.message ?? `HTTP ${status}`;
        this.logger.warn(
          { store: this.slug, operation: options.operation, attempt, problem },
          'shopify call failed, retrying',
        );
        if (attempt < this.policy.maxAttempts) await this.policy.sleep(backoffMs(this.policy, attempt));
        continue;
      }
      const first = errors.graphQLErrors?.[0];
      throw new ShopifyGraphqlError(
        this.slug,
        first?.extensions?.code ?? null,
        first?.message ?? errors.message ?? 'Unknown Shopify error',
      );
    }
    throw new ShopifyUnavailableError(this.slug, this.policy.maxAttempts, problem);
  }

  /** Throws Shopify's `userErrors` as a typed error carrying their texts. */
  failOnUserErrors(operation: string, userErrors: readonly ShopifyUserErrorDetail[] | undefined): void {
    if (userErrors && userErrors.length > 0) throw new ShopifyUserError(this.slug, operation, userErrors);
  }
}

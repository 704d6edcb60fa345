export interface ShopifyUserErrorDetail {
  readonly field: readonly string[] | null;
  readonly message: string;
  readonly code: string | null;
}

/** Base of every adapter error: reactors record `message` as the failure reason. */
export class ShopifyAdapterError extends Error {
  constructor(
    readonly store: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The store has no token configured: reported, so the reactor can record why nothing happened. */
export class StoreNotConfiguredError extends ShopifyAdapterError {
  constructor(store: string, variable: string) {
    super(store, `Store ${store} has no Shopify access token: set ${variable}`, false);
  }
}

/** Shopify's `userErrors`: never retried, Shopify's text is the reason (ARCHITECTURE §4). */
export class ShopifyUserError extends ShopifyAdapterError {
  constructor(
    store: string,
    readonly operation: string,
    readonly userErrors: readonly ShopifyUserErrorDetail[],
  ) {
    super(store, userErrors.map((e) => e.message).join('; '), false);
  }
}

export class ShopifyAuthError extends ShopifyAdapterError {
  constructor(store: string) {
    super(store, `Shopify rejected the access token of store ${store} (HTTP 401)`, false);
  }
}

/** A GraphQL error that retrying cannot fix (validation, ACCESS_DENIED, ...). */
export class ShopifyGraphqlError extends ShopifyAdapterError {
  constructor(
    store: string,
    readonly code: string | null,
    message: string,
  ) {
    super(store, message, false);
  }
}

export class MaxCostExceededError extends ShopifyAdapterError {
  constructor(
    store: string,
    readonly cost: number,
  ) {
    super(store, `Query cost ${cost} exceeds Shopify's single query limit`, false);
  }
}

/** Retries ran out on throttling, 5xx or network errors. */
export class ShopifyUnavailableError extends ShopifyAdapterError {
  constructor(store: string, attempts: number, lastProblem: string) {
    super(store, `Shopify store ${store} unavailable after ${attempts} attempts: ${lastProblem}`, true);
  }
}

/**
 * A call that must not run twice (a bulk add) got no answer (the connection dropped, or it timed out): Shopify
 * may or may not have applied it, so it was not sent again. The caller finds out before it tries again.
 */
export class ShopifyNoAnswerError extends ShopifyAdapterError {
  constructor(store: string, operation: string, problem: string) {
    super(store, `Shopify store ${store} did not answer ${operation}: ${problem}`, true);
  }
}

export class TruncatedExportError extends ShopifyAdapterError {
  constructor(store: string, detail: string) {
    super(store, `Bulk export of store ${store} was truncated: ${detail}`, true);
  }
}

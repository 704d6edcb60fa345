export interface RetryPolicy {
  /** Attempts per call for THROTTLED, 5xx and network errors (ARCHITECTURE §4: 5). */
  readonly maxAttempts: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly requestTimeoutMs: number;
  /** How long to wait between polls of asynchronous jobs. */
  readonly pollIntervalMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly random: () => number;
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const productionPolicy: RetryPolicy = {
  maxAttempts: 5,
  minDelayMs: 1000,
  maxDelayMs: 60_000,
  requestTimeoutMs: 30_000,
  pollIntervalMs: 1000,
  sleep: realSleep,
  now: () => Date.now(),
  random: Math.random,
};

/** Exponential back-off with "equal jitter": between half and all of min × 2^(attempt-1), capped. */
export const backoffMs = (policy: RetryPolicy, attempt: number): number => {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
};

/** Retries in milliseconds, not seconds: a model-based sequence meets dozens of faults. */
export const fastPolicy = { minDelayMs: 1, maxDelayMs: 5, pollIntervalMs: 5 };
export const projectorTuning = { pollMs: 50, lockRetryMs: 100, effectBackoff: () => 5 };

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelProperty } from './sequence';

/**
 * Issue 22: the core keeps its promises under every interleaving. Random sequences of what users and the world
 * do, run on the real stack (command API, projectors and reactors, the Shopify emulator over HTTP); at quiescence
 * the invariants are checked against the emulator's state and the log. A failure prints fast-check's seed, path
 * and the shrunk sequence: replay it with DM_MBT_SEED and DM_MBT_PATH. `pnpm soak` runs the same model longer.
 */
const replay = process.env.DM_MBT_SEED
  ? { seed: Number(process.env.DM_MBT_SEED), ...(process.env.DM_MBT_PATH ? { path: process.env.DM_MBT_PATH } : {}) }
  : {};
/** DM_MBT_RUNS: fewer (or more) sequences per test, e.g. while working on one step. */
const runs = (fallback: number) => Number(process.env.DM_MBT_RUNS ?? fallback);
/** Shrinking a failure re-runs the stack for each candidate: bounded, so a red run still ends. */
const shrinkLimitMs = 240_000;

describe('When users, stores and faults interleave at random', () => {
  it('should keep every invariant at quiescence (12 sequences of up to 25 steps)', async () => {
    let steps = 0;
    await fc.assert(modelProperty({ maxSteps: 25, withKills: false, onSequence: (n) => (steps += n) }), {
      numRuns: runs(12),
      interruptAfterTimeLimit: shrinkLimitMs + 300_000,
      ...replay,
    });
    expect(steps).toBeGreaterThan(0);
  }, 900_000);

  it('should keep them when the projectors process is SIGKILLed between steps (3 sequences of up to 20 steps)', async () => {
    let steps = 0;
    await fc.assert(modelProperty({ maxSteps: 20, withKills: true, onSequence: (n) => (steps += n) }), {
      numRuns: runs(3),
      interruptAfterTimeLimit: shrinkLimitMs + 180_000,
      ...replay,
    });
    expect(steps).toBeGreaterThan(0);
  }, 900_000);
});

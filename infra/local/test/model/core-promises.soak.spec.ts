import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { modelProperty } from './sequence';

/**
 * `pnpm soak [--minutes N]`: the model of core-promises.int.spec.ts with longer sequences (up to 40 steps, every
 * third sequence SIGKILLing the projectors) until the time is up. Each sequence is its own fast-check run with its
 * own seed, so every failure is shrunk and recorded with what replays it; the file is rewritten after each.
 */
const minutes = Number(process.env.DM_SOAK_MINUTES ?? 30);
const out = process.env.DM_SOAK_OUT ?? 'soak-results/soak.json';
/** A finding of the results file, replayed alone: DM_SOAK_SEED, DM_SOAK_PATH and DM_SOAK_KILLS (1 or 0) from it. */
const replay = process.env.DM_SOAK_SEED
  ? {
      seed: Number(process.env.DM_SOAK_SEED),
      path: process.env.DM_SOAK_PATH,
      withKills: process.env.DM_SOAK_KILLS === '1',
    }
  : null;

interface Finding {
  readonly seed: number;
  readonly path: string | null;
  readonly withKills: boolean;
  readonly shrinks: number;
  readonly sequence: string[];
  readonly error: string;
}

it.runIf(replay)('should keep every invariant in the replayed finding', async () => {
  await fc.assert(modelProperty({ maxSteps: 40, withKills: replay!.withKills }), {
    seed: replay!.seed,
    ...(replay!.path ? { path: replay!.path } : {}),
    numRuns: 1,
    endOnFailure: true,
  });
});

it.runIf(!replay)(`should keep every invariant for ${minutes} minute(s) of random sequences`, async () => {
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const findings: Finding[] = [];
  let sequences = 0;
  /** Sequences run, shrinking's re-runs included, and their steps. */
  let runs = 0;
  let steps = 0;
  let interrupted = 0;
  const write = () =>
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          minutes: Math.round((Date.now() - started) / 600) / 100,
          sequences,
          runs,
          steps,
          interrupted,
          failed: findings.length,
          findings,
        },
        null,
        2,
      )}\n`,
    );
  while (Date.now() < deadline) {
    const withKills = sequences % 3 === 2;
    const seed = Math.floor(Math.random() * 2 ** 31);
    const details = await fc.check(
      modelProperty({ maxSteps: 40, withKills, onSequence: (n) => ((runs += 1), (steps += n)) }),
      // A failure is shrunk for at most 5 minutes, so one finding cannot eat the soak.
      { numRuns: 1, seed, interruptAfterTimeLimit: Math.max(60_000, Math.min(300_000, deadline - Date.now())) },
    );
    sequences += 1;
    // Cut off by the time limit before any sequence ended (the soak's last minutes): no counterexample, nothing found.
    if (details.interrupted && details.counterexample === null) interrupted += 1;
    else if (details.failed) {
      findings.push({
        seed,
        path: details.counterexamplePath,
        withKills,
        shrinks: details.numShrinks,
        sequence: (details.counterexample?.[0] ?? []).map(String),
        error: String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance),
      });
    }
    write();
  }
  write();
  expect(findings.map((f) => `seed ${f.seed}: ${f.error.split('\n').slice(0, 3).join(' | ')}`)).toEqual([]);
});

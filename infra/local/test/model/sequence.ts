import fc from 'fast-check';
import { checkInvariants } from './invariants';
import { initialModel, type Model, type Step } from './model';
import { quiesce } from './quiescence';
import { createDiscount, userSteps } from './user-steps';
import { startWorld, type World } from './world';
import { worldSteps } from './world-steps';

export interface SequenceOptions {
  /** The most steps a sequence has (fast-check picks lengths up to it). */
  readonly maxSteps: number;
  /** Whether the projectors run in a child process that steps SIGKILL. */
  readonly withKills: boolean;
  /** Told after each sequence, passed or failed: how many steps ran. */
  readonly onSequence?: (steps: number) => void;
}

/**
 * Random sequences of what users and the world do, up to `maxSteps` long, the first a create (the
 * rest mostly act on discounts). Shrinking drops steps, so each step copes with any model (indices are taken
 * round, a step whose precondition fails is skipped).
 */
export const sequences = (options: SequenceOptions): fc.Arbitrary<Step[]> =>
  fc
    .tuple(
      createDiscount,
      fc.array(fc.oneof(...userSteps, ...worldSteps(options.withKills)), {
        maxLength: options.maxSteps - 1,
        size: 'max',
      }),
    )
    .map(([first, rest]) => [first, ...rest]);

/**
 * One sequence on a fresh stack: the steps, then quiescence, then every invariant. A broken invariant (or a step
 * whose answer was wrong, or a 5xx from our APIs) fails the property, and fast-check shrinks the sequence.
 */
export const runSequence = async (steps: Iterable<fc.AsyncCommand<Model, World>>, options: SequenceOptions) => {
  const times = [Date.now()];
  const world = await startWorld();
  const model = initialModel();
  try {
    times.push(Date.now());
    await fc.asyncModelRun(() => ({ model, real: world }), steps);
    times.push(Date.now());
    await quiesce(model, world);
    times.push(Date.now());
    if (process.env.DM_MBT_DEBUG) {
      const { rows } = await world.stack.db.pool.query<{ type: string; n: string }>(
        `SELECT type, count(*) AS n FROM es.events WHERE global_position > 156 GROUP BY type ORDER BY type`,
      );
      console.log(model.stepsRun, JSON.stringify(model.discounts), rows.map((r) => `${r.type}=${r.n}`).join(' '));
    }
    const broken = [...world.serverErrors.map((e) => `5xx: ${e}`), ...(await checkInvariants(model, world))];
    times.push(Date.now());
    if (process.env.DM_MBT_DEBUG)
      console.log(
        'ms',
        times.slice(1).map((t, i) => t - times[i]!),
      );
    if (broken.length > 0) {
      if (process.env.DM_MBT_DEBUG) console.log([...steps].map(String), broken);
      if (process.env.DM_MBT_DEBUG) {
        const { rows } = await world.stack.db.pool.query<{ p: string; s: string; t: string; d: unknown }>(
          `SELECT global_position::text p, stream_id s, type t, data d FROM es.events WHERE global_position > 156 ORDER BY 1`,
        );
        for (const r of rows) console.log(r.p, r.s, r.t, JSON.stringify(r.d).slice(0, 300));
      }
      throw new Error(`${broken.length} invariant(s) broken at quiescence:\n${broken.slice(0, 25).join('\n')}`);
    }
  } finally {
    options.onSequence?.(model.stepsRun);
    await world.stack.close();
  }
};

export const modelProperty = (options: SequenceOptions) =>
  fc.asyncProperty(sequences(options), (steps) => runSequence(steps, options));

import fc from 'fast-check';
import type { Answer } from './api';
import type { StoreSlug, World } from './world';

export interface ModelDiscount {
  readonly id: string;
  readonly name: string;
  readonly stores: readonly StoreSlug[];
  ended: boolean;
}

/** What the test knows of the world it drives: its discounts, its codes, and the state of the machinery. */
export interface Model {
  readonly discounts: ModelDiscount[];
  readonly codes: string[];
  nextCode: number;
  jobsHeld: boolean;
  projectors: 'in-process' | 'child';
  /** Steps run so far (those whose precondition held). */
  stepsRun: number;
}

export const initialModel = (): Model => ({
  discounts: [],
  codes: [],
  nextCode: 1,
  jobsHeld: false,
  projectors: 'in-process',
  stepsRun: 0,
});

/** One thing a user or the world does; its label is what a failing run prints, so it names every argument. */
export class Step implements fc.AsyncCommand<Model, World> {
  constructor(
    private readonly label: string,
    private readonly can: (model: Readonly<Model>) => boolean,
    private readonly act: (model: Model, world: World) => Promise<void>,
  ) {}

  check(model: Readonly<Model>): boolean {
    return this.can(model);
  }

  async run(model: Model, world: World): Promise<void> {
    model.stepsRun += 1;
    await this.act(model, world);
  }

  toString(): string {
    return this.label;
  }

  /** How fast-check prints the step in a counterexample. */
  [fc.toStringMethod](): string {
    return this.label;
  }
}

/** The n-th discount of the sequence, counted round (shrinking removes steps, so indices are taken modulo). */
export const pick = (model: Readonly<Model>, n: number): ModelDiscount => model.discounts[n % model.discounts.length]!;
export const hasDiscount = (model: Readonly<Model>) => model.discounts.length > 0;

/**
 * An answer the step can live with: our APIs answer a refused request with a 4xx a person can act on, never a 5xx
 * (a 5xx is kept as a finding); anything outside `allowed` fails the step.
 */
export const expectAnswer = <T>(world: World, what: string, answer: Answer<T>, allowed: readonly number[]): T => {
  if (answer.status >= 500) world.serverErrors.push(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
  if (!allowed.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.json)} (expected ${allowed.join('/')})`);
  }
  return answer.json;
};

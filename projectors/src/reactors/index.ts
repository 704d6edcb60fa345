import type { Reactor } from '../define-reactor';

/** Every reactor the projectors process runs (the one place to register). */
export const reactors: readonly Reactor<unknown, unknown>[] = [];

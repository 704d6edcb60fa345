import type { BrandScope, PermissionLevel } from '@dm/events';

/** Who sends a command: the signed-in person, or the system for seed and CLI. */
export interface Actor {
  readonly id: string;
  readonly email: string | null;
  /** The person's display name from the session, when known (recorded as a creator's name). */
  readonly name?: string | null;
  readonly level: PermissionLevel;
  /** Brands the actor may work with: a list, or 'all' for a super admin. */
  readonly brandIds: BrandScope;
}

export const systemActor: Actor = { id: 'system', email: null, level: 'super_admin', brandIds: [] };

export interface CommandMetadata {
  /** Idempotency: the same command id always produces the same event ids. */
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** Business time, injected (deciders never read the clock). */
  readonly now: string;
  readonly actor: Actor;
}

export interface Command<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
  readonly metadata: CommandMetadata;
}

export interface Decider<S, C extends Command, E extends { type: string }> {
  readonly decide: (command: C, state: S) => E[];
  readonly evolve: (state: S, event: E) => S;
  readonly initialState: S;
  /**
   * The command usually starts its stream (a first grant of a person's access, an import under a new id): decide
   * it first on `initialState` and append at 'no_stream', reading the stream only when that append is refused.
   */
  readonly startsStream?: (command: C) => boolean;
}

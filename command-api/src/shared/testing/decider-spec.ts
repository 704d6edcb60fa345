import { expect } from 'vitest';
import type { Actor, Command, CommandMetadata, Decider } from '../command';

export const testNow = '2026-01-15T10:00:00.000Z';

export const metadataFor = (actor: Actor, overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  commandId: 'command-1',
  correlationId: 'correlation-1',
  causationId: null,
  now: testNow,
  actor,
  ...overrides,
});

/** given(events).when(command).then(events) / .thenThrows(ErrorClass, message) */
export const deciderSpec = <S, C extends Command, E extends { type: string }>(decider: Decider<S, C, E>) => ({
  given: (events: readonly E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState));
      return {
        then: (expected: readonly E[]) => expect(run()).toEqual(expected),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: string | RegExp) => {
          expect(run).toThrow(errorClass);
          if (message) expect(run).toThrow(message);
        },
      };
    },
  }),
});

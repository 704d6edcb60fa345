import { expect } from 'vitest';
import { ConcurrencyError, type NewEvent } from '../src/types';

export const events = (n: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type, data: { n: i + 1 }, metadata: { actorId: 'contract' } }));

export const concurrencyError = async (promise: Promise<unknown>): Promise<ConcurrencyError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConcurrencyError);
  return error as ConcurrencyError;
};

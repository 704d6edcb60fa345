import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type DomainError } from '@dm/events';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler, UnauthorizedError } from '../src';

const answerTo = async (error: Error) => {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  app.get('/fails', async () => {
    throw error;
  });
  const res = await app.inject({ url: '/fails' });
  await app.close();
  return { status: res.statusCode, body: res.json<{ message: string }>() };
};

describe('When a rule refuses with a domain error', () => {
  const cases: [DomainError, number][] = [
    [new ValidationError('Please select at least one brand'), 400],
    [new ForbiddenError('You do not have access to brand 2.'), 403],
    [new NotFoundError('Store 9 was not found.'), 404],
    [new ConflictError('A region with code EU already exists (Europe).'), 409],
  ];
  it.each(cases)('should answer its kind as a status and its message as { message }: %s', async (error, status) => {
    expect(await answerTo(error)).toEqual({ status, body: { message: error.message } });
  });
});

describe('When the HTTP layer refuses', () => {
  it('should answer the status the error carries', async () => {
    expect(await answerTo(new UnauthorizedError())).toEqual({
      status: 401,
      body: { message: 'You are not signed in. Sign in and try again.' },
    });
  });
});

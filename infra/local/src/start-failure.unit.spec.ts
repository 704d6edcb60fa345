import net from 'node:net';
import { freePort, StartProblem } from '@dm/postgres';
import { describe, expect, it } from 'vitest';
import { explainStartFailure } from './start-failure';

const ports = { first: 3000, last: 3004 };
const listenError = (port: number) =>
  new Promise<Error>((resolve) => {
    const taken = net.createServer().listen(port, '127.0.0.1', () => {
      net
        .createServer()
        .once('error', (error) => taken.close(() => resolve(error)))
        .listen(port, '127.0.0.1');
    });
  });

describe('When a start fails', () => {
  it('should name a port taken by another program and how to choose others', async () => {
    const port = await freePort();
    const sentence = explainStartFailure(await listenError(port), ports);
    expect(sentence).toBe(
      `Port ${port} is already in use by another program: stop that program, or start on other ports with PORT=<n> (the app uses PORT to PORT+4, now 3000–3004).`,
    );
  });

  it('should pass on what the embedded server already said in one sentence', () => {
    const problem = new StartProblem('The disk holding /x is full: free some space and start again.');
    expect(explainStartFailure(problem, ports)).toBe(problem.message);
  });

  it('should give an unknown error its own message on one line, and where the details are', () => {
    const error = new Error('The demo world is\nmalformed');
    expect(explainStartFailure(error, ports)).toBe(
      'The demo world is malformed (run again with LOG_LEVEL=debug for the details).',
    );
  });
});

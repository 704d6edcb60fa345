/**
 * Something outside our code stops the embedded server (a folder it cannot reach, a server already running,
 * a full disk). The message is one sentence naming the cause and the fix, fit to show a person as is.
 */
export class StartProblem extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartProblem';
  }
}

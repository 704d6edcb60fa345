/**
 * What only a person can fix (a missing product in a store, no Function id, an unknown discount): recorded as
 * the failure's reason with `retryable: false`, never retried by the reactor.
 */
export class DeploymentProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeploymentProblem';
  }
}

/**
 * Errors of the HTTP layer itself, which carry their status. What a rule refuses (invalid, forbidden, not
 * found, conflict) is a `DomainError` from `@dm/events`; the error handler maps both.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'You are not signed in. Sign in and try again.') {
    super(401, message);
  }
}

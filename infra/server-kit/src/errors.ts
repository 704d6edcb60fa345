/** Domain errors with the HTTP status they map to; the one error handler turns them into `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'You are not signed in. Sign in and try again.') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Your permission level does not allow this.') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
/** A business rule forbids it (e.g. the thing already exists). */
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/** Someone else changed the same thing first: the caller's expected version is stale, or retries ran out. */
export class ConcurrencyConflictError extends HttpError {
  constructor(message = 'Someone else changed this at the same time. Reload and try again.') {
    super(409, message);
  }
}

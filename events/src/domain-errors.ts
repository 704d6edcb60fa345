/**
 * The ways a rule refuses a command or a read. They live with the domain, not with HTTP: deciders throw them,
 * and each service's one error handler (server-kit) maps the kind to a status code and the message to `{ message }`.
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (an empty brand list, a malformed code). */
export class ValidationError extends DomainError {
  readonly kind = 'invalid';
}

/** The actor may not do this: their level, or a brand they do not have. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';

  constructor(message = 'Your permission level does not allow this.') {
    super(message);
  }
}

/** The thing does not exist, or is not the actor's to know about. */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The current state forbids it: the thing exists already, is still in use, or changed meanwhile. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

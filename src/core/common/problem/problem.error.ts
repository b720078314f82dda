/**
 * A domain error that knows how it is rendered as an RFC 9457 problem. Services throw these (or
 * the named subclasses below); the global ProblemFilter renders them. Services never build HTTP
 * responses themselves.
 */
export interface ProblemInit {
  status: number;
  slug: string;
  title: string;
  detail: string;
  /** Top-level machine-readable code (SPEC: present on workspace refusals). */
  error?: string;
  extra?: Record<string, unknown>;
  /** Extra top-level members, e.g. the 422 `errors` map. */
  members?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly detail: string;
  readonly error?: string;
  readonly extra?: Record<string, unknown>;
  readonly members?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(init: ProblemInit) {
    super(init.detail);
    this.name = new.target.name;
    Object.assign(this, init);
  }
}

export class BadRequestProblem extends ProblemError {
  constructor(detail: string) {
    super({ status: 400, slug: 'bad-request', title: 'Bad Request', detail });
  }
}

export class UnauthorizedProblem extends ProblemError {
  constructor(detail: string, headers?: Record<string, string>) {
    super({ status: 401, slug: 'unauthorized', title: 'Unauthorized', detail, headers });
  }
}

export class ForbiddenProblem extends ProblemError {
  constructor(detail: string, error?: string) {
    super({ status: 403, slug: 'forbidden', title: 'Forbidden', detail, error });
  }
}

export class NotFoundProblem extends ProblemError {
  constructor(detail = 'not_found') {
    super({ status: 404, slug: 'not-found', title: 'Not Found', detail });
  }
}

export class ConflictProblem extends ProblemError {
  constructor(detail: string) {
    super({ status: 409, slug: 'conflict', title: 'Conflict', detail });
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationProblem extends ProblemError {
  constructor(readonly fieldErrors: FieldErrors) {
    super({
      status: 422,
      slug: 'validation-error',
      title: 'Unprocessable Content',
      detail: 'validation_failed',
      members: { errors: fieldErrors },
    });
  }
}

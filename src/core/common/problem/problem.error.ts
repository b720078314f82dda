import { CoreProblemCode, ProblemCode } from './problem-codes';
import { problemStatus } from './problem-status';

/**
 * A domain error that knows how it is rendered as an RFC 9457 problem. Services throw these (or
 * the named subclasses below) with a typed code; ProblemRenderer turns them into problems. Services
 * never build HTTP responses themselves.
 */
export interface ProblemInit<C extends ProblemCode = ProblemCode> {
  status: number;
  code: C;
  /** Defaults to the status's slug in problem-status.ts (set it for a problem type of its own). */
  slug?: string;
  /** Defaults to the status's title in problem-status.ts. */
  title?: string;
  /** Only where the contract has a human-readable detail; defaults to the code. */
  detail?: string;
  /** Top-level `error` member (SPEC: present on workspace refusals); the code where used. */
  error?: C;
  extra?: Record<string, unknown>;
  /** Extra top-level members, e.g. the 422 `errors` map. */
  members?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Answer `detail` as text/plain to every client instead of a problem (SPEC: the login 429). */
  plainText?: boolean;
}

/** What the named subclasses accept besides their code. */
export type ProblemOptions<C extends ProblemCode> = Omit<ProblemInit<C>, 'status' | 'code'>;

export class ProblemError<C extends ProblemCode = ProblemCode> extends Error {
  readonly status: number;
  readonly code: C;
  readonly slug: string;
  readonly title: string;
  readonly detail: string;
  readonly error?: C;
  readonly extra?: Record<string, unknown>;
  readonly members?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly plainText?: boolean;

  constructor(init: ProblemInit<C>) {
    const row = problemStatus(init.status);
    super(init.detail ?? init.code);
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.slug = init.slug ?? row.slug;
    this.title = init.title ?? row.title;
    this.detail = init.detail ?? init.code;
    this.error = init.error;
    this.extra = init.extra;
    this.members = init.members;
    this.headers = init.headers;
    this.plainText = init.plainText;
  }
}

export class BadRequestProblem<C extends ProblemCode = ProblemCode> extends ProblemError<C> {
  constructor(code: C, options?: ProblemOptions<C>) {
    super({ ...options, status: 400, code });
  }
}

export class UnauthorizedProblem<C extends ProblemCode = ProblemCode> extends ProblemError<C> {
  constructor(code: C, options?: ProblemOptions<C>) {
    super({ ...options, status: 401, code });
  }
}

export class ForbiddenProblem<C extends ProblemCode = ProblemCode> extends ProblemError<C> {
  constructor(code: C, options?: ProblemOptions<C>) {
    super({ ...options, status: 403, code });
  }
}

export class NotFoundProblem<C extends ProblemCode = CoreProblemCode> extends ProblemError<C> {
  constructor(code: C = 'not_found' as C, options?: ProblemOptions<C>) {
    super({ ...options, status: 404, code });
  }
}

export class ConflictProblem<C extends ProblemCode = ProblemCode> extends ProblemError<C> {
  constructor(code: C, options?: ProblemOptions<C>) {
    super({ ...options, status: 409, code });
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationProblem extends ProblemError<'validation_failed'> {
  constructor(readonly fieldErrors: FieldErrors) {
    super({ status: 422, code: 'validation_failed', members: { errors: fieldErrors } });
  }
}

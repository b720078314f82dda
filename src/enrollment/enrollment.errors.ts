import { BadRequestProblem, ConflictProblem, ProblemError, UnauthorizedProblem } from '../core/common/problem/problem.error';
import type { EnrollmentConflict, SerialRefusal } from './enrollment.problem-codes';

/** 401: anything that is not a live age_ token of this service (format, prefix or secret). */
export class InvalidEnrollmentTokenError extends UnauthorizedProblem {
  constructor() {
    super('invalid_enrollment_token');
  }
}

/** 409: a single-use token already claimed, a fleet token with no claims left, or a revoked token. */
export class EnrollmentConflictError extends ConflictProblem<EnrollmentConflict> {
  constructor(readonly reason: EnrollmentConflict) {
    super(reason);
  }
}

/** 410, slug enrollment-expired: the token is past its expires_at. */
export class EnrollmentExpiredError extends ProblemError {
  constructor() {
    super({ status: 410, code: 'enrollment_expired', slug: 'enrollment-expired' });
  }
}

/** 410, slug robot-decommissioned: the serial belongs to a retired robot. */
export class RobotDecommissionedError extends ProblemError {
  constructor() {
    super({ status: 410, code: 'robot_decommissioned', slug: 'robot-decommissioned' });
  }
}

/** 400: no serial for a fleet token, a serial off the allowlist, or a serial already claimed. */
export class SerialRefusedError extends BadRequestProblem<SerialRefusal> {
  constructor(readonly reason: SerialRefusal) {
    super(reason);
  }
}

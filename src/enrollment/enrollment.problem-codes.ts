/**
 * 409: a single-use token already claimed, a fleet token with no claims left, a revoked token, or
 * a claim_id already used with another serial (ADR 0232).
 */
export type EnrollmentConflict = 'enrollment_claimed' | 'enrollment_exhausted' | 'enrollment_revoked' | 'claim_id_conflict';

/** 400: no serial for a fleet token, a serial off the allowlist, or a serial already claimed. */
export type SerialRefusal = 'serial_number_required' | 'serial_not_allowed' | 'serial_already_claimed';

/** Codes of the enrollment module's problems (enrollment.errors.ts). */
export type EnrollmentProblemCode =
  'invalid_enrollment_token' | EnrollmentConflict | 'enrollment_expired' | 'robot_decommissioned' | SerialRefusal;

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    enrollment: EnrollmentProblemCode;
  }
}

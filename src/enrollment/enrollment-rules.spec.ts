import { MACHINE_SCOPES } from '../auth/scopes';
import { ConflictProblem } from '../core/common/problem/problem.error';
import { WorkspaceRefusedError } from '../credentials/machine-auth.errors';
import { QuotaExceededError } from '../identity/quotas.service';
import {
  assertClaimable,
  assertRobotBindable,
  assertSerialAccepted,
  CLAIM_ATTEMPTS,
  claimOutcome,
  ClaimReruns,
  DEVICE_DEFAULT_SCOPES,
  ENROLLMENT_TOKEN_SLOTS,
  mergeTags,
  type Rerun,
  tokenState,
} from './enrollment-rules';
import {
  EnrollmentConflictError,
  EnrollmentExpiredError,
  InvalidEnrollmentTokenError,
  RobotDecommissionedError,
  SerialRefusedError,
} from './enrollment.errors';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const token = (over: Partial<Parameters<typeof tokenState>[0]> = {}) => ({
  maxClaims: 1,
  claimsCount: 0,
  expiresAt: new Date(NOW + 1000),
  revokedAt: null,
  ...over,
});

/** The error a function throws (fails the test when it throws nothing). */
function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('tokenState', () => {
  it('is usable with claims left before expires_at', () => {
    expect(tokenState(token(), NOW)).toBe('usable');
    expect(tokenState(token({ maxClaims: 10, claimsCount: 9 }), NOW)).toBe('usable');
  });

  it('expires at expires_at exactly', () => {
    expect(tokenState(token({ expiresAt: new Date(NOW) }), NOW)).toBe('expired');
    expect(tokenState(token({ expiresAt: new Date(NOW + 1) }), NOW)).toBe('usable');
  });

  it('calls a used single-use token claimed and a used-up fleet token exhausted', () => {
    expect(tokenState(token({ claimsCount: 1 }), NOW)).toBe('claimed');
    expect(tokenState(token({ maxClaims: 3, claimsCount: 3 }), NOW)).toBe('exhausted');
  });

  it('reports revoked over used up over expired', () => {
    const past = new Date(NOW - 1);
    expect(tokenState(token({ revokedAt: past, claimsCount: 1, expiresAt: past }), NOW)).toBe('revoked');
    expect(tokenState(token({ claimsCount: 1, expiresAt: past }), NOW)).toBe('claimed');
  });
});

describe('assertClaimable', () => {
  it('passes a usable token', () => {
    expect(() => assertClaimable(token(), NOW)).not.toThrow();
  });

  it.each([
    ['revoked', { revokedAt: new Date(NOW - 1) }, 'enrollment_revoked'],
    ['claimed', { claimsCount: 1 }, 'enrollment_claimed'],
    ['exhausted', { maxClaims: 2, claimsCount: 2 }, 'enrollment_exhausted'],
  ])('refuses a %s token with 409', (_label, over, detail) => {
    const err = thrown(() => assertClaimable(token(over), NOW)) as EnrollmentConflictError;
    expect(err).toBeInstanceOf(ConflictProblem);
    expect({ status: err.status, detail: err.detail, slug: err.slug }).toEqual({ status: 409, detail, slug: 'conflict' });
  });

  it('refuses an expired token with 410 enrollment-expired', () => {
    const err = thrown(() => assertClaimable(token({ expiresAt: new Date(NOW - 1) }), NOW)) as EnrollmentExpiredError;
    expect(err).toBeInstanceOf(EnrollmentExpiredError);
    expect({ status: err.status, slug: err.slug, title: err.title }).toEqual({ status: 410, slug: 'enrollment-expired', title: 'Gone' });
  });
});

describe('assertSerialAccepted', () => {
  const fleet = { maxClaims: 5, serialAllowlist: [] as string[] };

  it('requires a serial for a fleet token only', () => {
    expect((thrown(() => assertSerialAccepted(fleet, undefined)) as SerialRefusedError).detail).toBe('serial_number_required');
    expect(() => assertSerialAccepted({ maxClaims: 1, serialAllowlist: [] }, undefined)).not.toThrow();
  });

  it('checks a non-empty allowlist exactly (case-sensitive), for any token', () => {
    const listed = { maxClaims: 5, serialAllowlist: ['SN-1', 'SN-2'] };
    expect(() => assertSerialAccepted(listed, 'SN-2')).not.toThrow();
    expect((thrown(() => assertSerialAccepted(listed, 'sn-2')) as SerialRefusedError).detail).toBe('serial_not_allowed');
    expect((thrown(() => assertSerialAccepted({ ...listed, maxClaims: 1 }, 'SN-9')) as SerialRefusedError).status).toBe(400);
  });

  it('accepts any serial when the allowlist is empty', () => {
    expect(() => assertSerialAccepted(fleet, 'anything')).not.toThrow();
  });
});

describe('assertRobotBindable', () => {
  it('binds no robot or a pending one', () => {
    expect(() => assertRobotBindable(undefined)).not.toThrow();
    expect(() => assertRobotBindable({ status: 'pending' })).not.toThrow();
  });

  it('answers a retired robot with 410 robot-decommissioned', () => {
    const err = thrown(() => assertRobotBindable({ status: 'retired' })) as RobotDecommissionedError;
    expect({ status: err.status, slug: err.slug }).toEqual({ status: 410, slug: 'robot-decommissioned' });
  });

  it('answers an active robot with 400 serial_already_claimed', () => {
    const err = thrown(() => assertRobotBindable({ status: 'active' })) as SerialRefusedError;
    expect({ status: err.status, detail: err.detail }).toEqual({ status: 400, detail: 'serial_already_claimed' });
  });
});

describe('mergeTags', () => {
  it('keeps existing tags first and adds the missing ones once', () => {
    expect(mergeTags(['a', 'b'], ['b', 'c', 'c'])).toEqual(['a', 'b', 'c']);
    expect(mergeTags([], [])).toEqual([]);
  });
});

describe('DEVICE_DEFAULT_SCOPES', () => {
  it('are machine scopes and include credentials:write, so a device rotates its own key (ADR 0237)', () => {
    expect(DEVICE_DEFAULT_SCOPES.every((s) => (MACHINE_SCOPES as readonly string[]).includes(s))).toBe(true);
    expect(DEVICE_DEFAULT_SCOPES).toContain('credentials:write');
    expect(DEVICE_DEFAULT_SCOPES).toEqual(expect.arrayContaining(['messages:read', 'sockets:connect']));
  });
});

describe('claimOutcome', () => {
  it('labels refusals by their code, from a bounded set', () => {
    expect(claimOutcome(new InvalidEnrollmentTokenError())).toBe('invalid_enrollment_token');
    expect(claimOutcome(new WorkspaceRefusedError('frozen'))).toBe('workspace_frozen');
    expect(claimOutcome(new EnrollmentConflictError('enrollment_exhausted'))).toBe('enrollment_exhausted');
    expect(claimOutcome(new EnrollmentExpiredError())).toBe('enrollment_expired');
    expect(claimOutcome(new RobotDecommissionedError())).toBe('robot_decommissioned');
    expect(claimOutcome(new SerialRefusedError('serial_not_allowed'))).toBe('serial_not_allowed');
    expect(claimOutcome(new QuotaExceededError('robots', 25))).toBe('robot_quota_reached');
    expect(claimOutcome(new Error('boom with user input'))).toBe('error');
  });
});

describe('ClaimReruns', () => {
  const reruns = (outcomes: Rerun[]) => {
    const r = new ClaimReruns();
    return outcomes.map((o) => r.allow(o));
  };

  it(`allows ${CLAIM_ATTEMPTS - 1} reruns for a write in the way, then refuses`, () => {
    expect(reruns(['slug', 'robot', 'plan'])).toEqual([true, true, false]);
    expect(reruns(['robot', 'robot', 'robot'])).toEqual([true, true, false]);
  });

  it('reruns a claim refused by its token once per slot on top of those: a slot fills once', () => {
    const tokenRefusals: Rerun[] = Array(ENROLLMENT_TOKEN_SLOTS).fill('token');
    expect(reruns(tokenRefusals)).toEqual(tokenRefusals.map(() => true));
    expect(reruns([...tokenRefusals, 'slug', 'slug', 'slug'])).toEqual([...tokenRefusals.map(() => true), true, true, false]);
    // past one per slot, a token refusal counts as any other
    expect(reruns([...tokenRefusals, 'token', 'token', 'token'])).toEqual([...tokenRefusals.map(() => true), true, true, false]);
    expect(reruns(['slug', 'token', 'slug', 'token', 'plan'])).toEqual([true, true, true, true, false]);
  });
});

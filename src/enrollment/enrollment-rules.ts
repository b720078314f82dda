import { ProblemError } from '../core/common/problem/problem.error';
import { WorkspaceRefusedError } from '../credentials';
import { QuotaExceededError } from '../identity';
import {
  EnrollmentConflictError,
  EnrollmentExpiredError,
  InvalidEnrollmentTokenError,
  RobotDecommissionedError,
  SerialRefusedError,
} from './enrollment.errors';
import type { MachineScope } from '../auth';
import type { RobotStatus } from './robot-status';

/**
 * Scopes of the credentials a claim issues when the token names none: what a device needs to
 * take commands, report on its work, hold a socket and rotate its own key (credentials:write,
 * which opens only POST /api/v1/credentials/rotate: ADR 0237).
 */
export const DEVICE_DEFAULT_SCOPES: readonly MachineScope[] = [
  'agent_commands:read',
  'events:read',
  'sockets:connect',
  'messages:read',
  'messages:write',
  'tasks:read',
  'tasks:write',
  'traces:write',
  'ota_updates:read',
  'ota_updates:write',
  'credentials:write',
];

export const ENROLLMENT_DEFAULT_EXPIRES_IN = 86_400;
export const ENROLLMENT_MAX_EXPIRES_IN = 2_592_000;
export const ENROLLMENT_MAX_CLAIMS = 100_000;
/**
 * The slots a token's claims are counted in, at most (min(max_claims, this) of them): claims of
 * one fleet token that count in different slots commit side by side (EnrollmentClaimsRepository).
 * The CHECK on enrollment_token_slots.slot allows 0-7.
 */
export const ENROLLMENT_TOKEN_SLOTS = 8;

export const ENROLLMENT_TOKEN_STATES = ['usable', 'claimed', 'exhausted', 'revoked', 'expired'] as const;
export type EnrollmentTokenState = (typeof ENROLLMENT_TOKEN_STATES)[number];

export interface TokenLimits {
  maxClaims: number;
  claimsCount: number;
  expiresAt: Date;
  revokedAt: Date | null;
  serialAllowlist: readonly string[];
}

/** Revoked wins over used up, which wins over expired: the most final state is reported. */
export function tokenState(t: Omit<TokenLimits, 'serialAllowlist'>, now: number): EnrollmentTokenState {
  if (t.revokedAt) return 'revoked';
  if (t.claimsCount >= t.maxClaims) return t.maxClaims === 1 ? 'claimed' : 'exhausted';
  if (t.expiresAt.getTime() <= now) return 'expired';
  return 'usable';
}

/** 409 revoked / claimed / exhausted, 410 expired; returns quietly for a usable token. */
export function assertClaimable(t: Omit<TokenLimits, 'serialAllowlist'>, now: number): void {
  const state = tokenState(t, now);
  if (state === 'expired') throw new EnrollmentExpiredError();
  if (state !== 'usable') throw new EnrollmentConflictError(`enrollment_${state}`);
}

/** How long after a claim made with a claim_id a retry may replay it (API.md Part 3, ADR 0232). */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The rules of a replay before its transaction, after the workspace's: the token neither revoked
 * (409) nor expired (410), though it may have no claims left (a replay counts none); the same
 * serial as the earlier claim (else 409 `claim_id_conflict`); within REPLAY_WINDOW_MS of the
 * earlier claim (else the claim_id has served: 409 `enrollment_claimed`); the serial still
 * accepted by the token.
 */
export function assertReplayable(
  t: Pick<TokenLimits, 'revokedAt' | 'expiresAt' | 'maxClaims' | 'serialAllowlist'>,
  earlier: { serialNumber: string | null; claimedAt: Date },
  serial: string | undefined,
  now: number,
): void {
  if (t.revokedAt) throw new EnrollmentConflictError('enrollment_revoked');
  if (t.expiresAt.getTime() <= now) throw new EnrollmentExpiredError();
  if ((earlier.serialNumber ?? undefined) !== serial) throw new EnrollmentConflictError('claim_id_conflict');
  if (now - earlier.claimedAt.getTime() >= REPLAY_WINDOW_MS) throw new EnrollmentConflictError('enrollment_claimed');
  assertSerialAccepted(t, serial);
}

/** A fleet token (max_claims > 1) needs a serial; a non-empty allowlist must contain it. */
export function assertSerialAccepted(t: Pick<TokenLimits, 'maxClaims' | 'serialAllowlist'>, serial: string | undefined): void {
  if (serial === undefined) {
    if (t.maxClaims > 1) throw new SerialRefusedError('serial_number_required');
    return;
  }
  if (t.serialAllowlist.length > 0 && !t.serialAllowlist.includes(serial)) throw new SerialRefusedError('serial_not_allowed');
}

/** The robot already carrying the serial: a retired one is gone (410), an active one is taken (400). */
export function assertRobotBindable(robot: { status: RobotStatus } | undefined): void {
  if (robot?.status === 'retired') throw new RobotDecommissionedError();
  if (robot?.status === 'active') throw new SerialRefusedError('serial_already_claimed');
}

/** `existing` followed by the tags of `added` it lacks, in order, without duplicates. */
export function mergeTags(existing: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...existing, ...added])];
}

/**
 * Why a claim's attempt did not commit, when a fresh read decides what the claim answers:
 * `claim_id` when a concurrent claim with the same claim_id committed first (the read finds it,
 * and the claim replays it).
 */
export type Rerun = 'slug' | 'robot' | 'token' | 'plan' | 'claim_id';

/**
 * Attempts of one claim: a claim runs again after a concurrent write got in its way (a slug or a
 * serial taken meanwhile, a robot changed, a plan that gained a quota); each new attempt first
 * reads everything again and refuses if a rule now refuses.
 */
export const CLAIM_ATTEMPTS = 3;

/**
 * Whether a claim may run again after an attempt failed. Besides CLAIM_ATTEMPTS - 1 reruns for
 * any reason, a claim refused by its token (`token`: the slot it counted in filled meanwhile, or
 * the token was revoked, which the next read refuses) reruns once per slot: a slot fills once, so
 * a claim that keeps finding room in its read and losing it under its lock is making way for
 * others, not racing without end, and must not end in a 500 while the token has room.
 */
export class ClaimReruns {
  private failed = 0;
  private slotsFilled = 0;

  allow(outcome: Rerun): boolean {
    if (outcome === 'token' && ++this.slotsFilled <= ENROLLMENT_TOKEN_SLOTS) return true;
    return ++this.failed < CLAIM_ATTEMPTS;
  }
}

/**
 * The `outcome` label of the claims counter: `claimed`, or the refusal's machine-readable code.
 * A bounded set, so raw input never becomes a label value.
 */
export function claimOutcome(err: unknown): string {
  if (err instanceof WorkspaceRefusedError) return err.error ?? 'workspace_refused';
  if (
    err instanceof QuotaExceededError ||
    err instanceof InvalidEnrollmentTokenError ||
    err instanceof EnrollmentConflictError ||
    err instanceof EnrollmentExpiredError ||
    err instanceof RobotDecommissionedError ||
    err instanceof SerialRefusedError
  ) {
    return err.detail;
  }
  return err instanceof ProblemError ? `http_${err.status}` : 'error';
}

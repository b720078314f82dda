import { createHash } from 'node:crypto';

export const VIOLATION_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ViolationSeverity = (typeof VIOLATION_SEVERITIES)[number];

export const VIOLATION_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];

/** What opened a violation, and how severe that is (API.md Domain resources). */
export const VIOLATION_KINDS = {
  /** A gateway check matched a deny rule. */
  gateway_denied: 'medium',
  /** A revoked API key (or a token minted from it) was presented. */
  revoked_key_presented: 'high',
  /** An archived API key (or a token minted from it) was presented. */
  archived_key_presented: 'high',
  /** A credential of a retired robot's agent was presented. */
  retired_robot_credential: 'high',
  /** A valid credential (an agk_ key, a token minted from one, an aot_ token) came from outside its allowlist. */
  disallowed_ip: 'high',
} as const satisfies Record<string, ViolationSeverity>;
export type ViolationKind = keyof typeof VIOLATION_KINDS;
/** The kinds a refused key's own state opens, written with what its row says (the key's prefix, its retired robot). */
export type KeyStateViolationKind = Exclude<ViolationKind, 'gateway_denied' | 'disallowed_ip'>;
export const VIOLATION_KIND_NAMES = Object.keys(VIOLATION_KINDS) as ViolationKind[];

/** Where a violation can move: open → acknowledged → resolved, or open → resolved. */
export const VIOLATION_TRANSITIONS: Record<ViolationStatus, readonly ViolationStatus[]> = {
  open: ['acknowledged', 'resolved'],
  acknowledged: ['resolved'],
  resolved: [],
};

/** Repeats of the same thing within one window count on one violation. */
export const VIOLATION_WINDOW_MS = 60 * 60 * 1000;

/**
 * The key a violation is deduplicated by: its kind, what it is about (credential, or agent, rule
 * and action) and the window it falls in. Hashed, so any action text makes a short key.
 */
export function dedupeKey(kind: ViolationKind, about: readonly string[], atMs: number): string {
  const window = Math.floor(atMs / VIOLATION_WINDOW_MS);
  const digest = createHash('sha256')
    .update(JSON.stringify([...about, window]))
    .digest('base64url')
    .slice(0, 32);
  return `${kind}:${digest}`;
}

import type { OperatorRole, Principal } from '../auth';
import type { SessionAuth } from './sessions.repository';

export interface OperatorMembership {
  id: string;
  name: string;
  slug: string;
  plan: string;
  status: string;
  role: OperatorRole;
  /** The workspace's policy: its members must have a second factor (API.md Part 3). */
  require_mfa: boolean;
}

/** Who an operator request is: returned by session authentication, set on the request by the guard. */
export interface OperatorPrincipal extends Principal {
  readonly kind: 'operator';
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly sessionId: string;
  readonly platformAdmin: boolean;
  /** The workspace this request acts on (x-workspace-id, else the oldest membership); null if none. */
  readonly workspaceId: string | null;
  readonly role: OperatorRole | null;
  readonly workspaces: OperatorMembership[];
  /** How and when the session was authenticated. */
  readonly auth: SessionAuth;
  /** The account has a second factor (a confirmed TOTP or a passkey). */
  readonly mfaEnabled: boolean;
}

/**
 * An operator on a route that acts on a workspace (`@OperatorAuth({ role })`): authentication
 * refused the request unless the operator holds that role in a workspace, so both are present.
 */
export interface WorkspaceOperatorPrincipal extends OperatorPrincipal {
  readonly workspaceId: string;
  readonly role: OperatorRole;
}

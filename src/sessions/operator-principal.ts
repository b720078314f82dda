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
  /**
   * How the request authenticated: a person's browser session, or an operator API token (aot_) of
   * the workspace (src/api-tokens), which acts with the token's role and is named by the audit log
   * as `api_token`. With a token, the person fields (`userId`, `email`, `name`) are the account that
   * minted it (columns such as created_by name them), `sessionId` is empty, and every route that
   * needs a person has refused the request already (`personOnly`, ADR 0259).
   */
  readonly via: 'session' | 'api_token';
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly sessionId: string;
  readonly platformAdmin: boolean;
  /**
   * The workspace this request acts on (x-workspace-id, else on a page the switcher's choice, else
   * the oldest membership); null if none.
   */
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

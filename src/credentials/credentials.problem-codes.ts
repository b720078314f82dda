import type { WorkspaceStatus } from '../identity';

/** 401 refusals of machine credentials (SPEC.md Machine authentication). */
export type MachineAuthFailure =
  'api_key_required' | 'invalid_api_key' | 'api_key_expired' | 'api_key_archived' | 'api_key_revoked' | 'invalid_token' | 'token_expired';

/** 403 for machine traffic to a workspace that is not active: top-level error workspace_<status>. */
export type WorkspaceRefusal = `workspace_${Exclude<WorkspaceStatus, 'active'>}`;

/** Codes of the credentials module's problems (machine-auth.errors.ts and the strategies). */
export type CredentialsProblemCode =
  | MachineAuthFailure
  | WorkspaceRefusal
  | 'service_agent_inactive'
  /** 403: a valid credential presented from an address outside its allowed_ips (ADR 0262) */
  | 'ip_not_allowed'
  /** POST /api/v1/tokens asking for scopes the key does not have. */
  | 'insufficient_scopes'
  /** A machine route needing a scope the principal lacks (detail: INSUFFICIENT_SCOPE_DETAIL). */
  | 'insufficient_scope'
  /** A Bearer token on an API-key-only route (detail: BEARER_NOT_ACCEPTED). */
  | 'bearer_not_accepted';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    credentials: CredentialsProblemCode;
  }
}

import type { MachineScope, Principal } from '../auth';

/** Who a machine request is: returned by machine authentication, set on the request by the guard. */
export interface MachinePrincipal extends Principal {
  readonly kind: 'machine';
  readonly credentialId: string;
  readonly workspaceId: string;
  readonly serviceAgentId: string;
  readonly via: 'api_key' | 'access_token';
  readonly scopes: readonly MachineScope[];
  /** Counted per credential (SPEC.md Limits, "Machine API key"). */
  readonly rateLimitSubject: { kind: 'credential'; id: string };
}

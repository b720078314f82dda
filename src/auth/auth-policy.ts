import { applyDecorators, SetMetadata } from '@nestjs/common';

export const AUTH_POLICY = 'auth:policy';

export type OperatorRole = 'owner' | 'admin' | 'member';

/** How a route is reached. Every route declares exactly one; the global guard denies the rest. */
export type AuthPolicy =
  | { kind: 'public' }
  | { kind: 'metrics' }
  | { kind: 'machine'; scopes: readonly string[] }
  | { kind: 'operator'; role?: OperatorRole; platformAdmin?: boolean; page?: boolean }
  | { kind: 'scim' }
  | { kind: 'partner' }
  | { kind: 'engagement' };

export type AuthKind = AuthPolicy['kind'];

const policy = (p: AuthPolicy) => applyDecorators(SetMetadata(AUTH_POLICY, p));

/** Reachable without credentials (probes, register, token exchange, claim, login pages). */
export const Public = () => policy({ kind: 'public' });
/** Reachable with the metrics bearer token only. */
export const MetricsAuth = () => policy({ kind: 'metrics' });
/** Machine credential (agk_ key or access token) holding every listed scope. */
export const MachineAuth = (...scopes: string[]) => policy({ kind: 'machine', scopes });
/** Operator browser session, optionally with a minimum workspace role or platform-admin right. */
export const OperatorAuth = (opts: { role?: OperatorRole; platformAdmin?: boolean; page?: boolean } = {}) =>
  policy({ kind: 'operator', ...opts });
/** SCIM bearer token. */
export const ScimAuth = () => policy({ kind: 'scim' });
